import { Link, useLoaderData } from "react-router";

/** Twenty result cards made once, in memory: no database, no translations, no stylesheet. */
const CARDS = Array.from({ length: 20 }, (_, index) => ({
  id: `m${String(index).padStart(9, "0")}`,
  name: `Pluktuin De Zonnebloem ${index + 1}`,
  city: "Lisse",
  country: "Netherlands",
  priceText: "€0,50 per steel",
  distance: `${(1.5 + index * 0.7).toFixed(1)} km`,
}));

export function loader() {
  return { cards: CARDS, total: 100_000 };
}

export function meta() {
  return [{ title: "Meadows · Floor" }];
}

export default function Cards() {
  const { cards, total } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Meadows</h1>
      <p className="text-sm text-muted-foreground">{total.toLocaleString("en")} meadows</p>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id}>
            <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border">
              <div className="flex flex-1 flex-col gap-1 p-4">
                <h3 className="text-base leading-snug font-semibold">
                  <Link to={`/meadows/${card.id}`} prefetch="intent">
                    {card.name}
                  </Link>
                </h3>
                <p className="text-sm text-muted-foreground">
                  {card.city}, {card.country}
                </p>
                <p className="font-medium text-primary">{card.priceText}</p>
                <p className="text-muted-foreground">{card.distance} away</p>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
