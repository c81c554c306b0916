import { useId } from "react";
import { MeadowCard } from "~/components/meadow-card";
import type { ProfileMeadow } from "~/services/profiles.server";

/** A titled grid of meadow cards, as on the meadows list, with a line for when there are none. */
export function MeadowList({
  title,
  empty,
  meadows,
}: {
  title: string;
  empty: string;
  meadows: ProfileMeadow[];
}) {
  const headingId = useId();
  return (
    <section className="mt-10" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {meadows.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {meadows.map((meadow) => (
            <li key={meadow.id}>
              <MeadowCard meadow={meadow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
