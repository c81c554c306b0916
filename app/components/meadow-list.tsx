import { useId, type ReactNode } from "react";
import { MeadowCard } from "~/components/meadow-card";
import type { ProfileMeadow } from "~/services/profiles.server";

/**
 * A titled grid of meadow cards, as on the meadows list, with a line for when there are none.
 * `count` says how many there are in all; `children` follow the grid (its pagination).
 */
export function MeadowList({
  title,
  count,
  empty,
  meadows,
  children,
}: {
  title: string;
  count?: string;
  empty: string;
  meadows: ProfileMeadow[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="mt-10" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {count ? <p className="mt-1 text-sm text-muted-foreground">{count}</p> : null}
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
      {children}
    </section>
  );
}
