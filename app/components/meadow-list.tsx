import { Link } from "react-router";
import { useLocalePath } from "~/hooks/use-shell-data";
import type { MeadowSummary } from "~/services/profiles.server";

/** A titled list of meadows as small cards, with a line for when there are none. */
export function MeadowList({
  title,
  empty,
  meadows,
}: {
  title: string;
  empty: string;
  meadows: MeadowSummary[];
}) {
  const localePath = useLocalePath();
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      {meadows.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {meadows.map((meadow) => (
            <li key={meadow.id}>
              <Link
                to={localePath(`/meadows/${meadow.id}`)}
                className="block rounded-xl border border-border bg-card p-4 hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="font-medium">{meadow.name}</span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  {meadow.city}, {meadow.country} · {meadow.priceText}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
