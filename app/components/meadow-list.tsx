import { useId, type ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import type { To } from "react-router";
import { FavoriteAnchorScope } from "~/components/favorite-button";
import { MeadowCardGrid } from "~/components/meadow-card";
import { Pagination } from "~/components/pagination";
import { useShellData } from "~/hooks/use-shell-data";
import { formatNumber } from "~/lib/format";
import type { MeadowCardData, MeadowCardPage } from "~/lib/meadow-card";

/**
 * A titled grid of meadow cards, as on the meadows list, with a line for when there are none.
 * `count` says how many there are in all; `note` says something of the list under its title;
 * `children` follow the grid (its pagination).
 */
export function MeadowList({
  title,
  count,
  note,
  empty,
  meadows,
  anchorScope = "",
  children,
}: {
  title: string;
  count?: string;
  note?: ReactNode;
  empty: string;
  /** Tells this list's hearts apart from another list's on the page (see favoriteAnchor). */
  anchorScope?: string;
  meadows: MeadowCardData[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="mt-10" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {count ? <p className="mt-1 text-sm text-muted-foreground">{count}</p> : null}
      {note}
      {meadows.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{empty}</p>
      ) : (
        <FavoriteAnchorScope value={anchorScope}>
          <MeadowCardGrid meadows={meadows} className="mt-4" />
        </FavoriteAnchorScope>
      )}
      {children}
    </section>
  );
}

/** MeadowList for one page of a longer list: how many there are in all, and the other pages. */
export function PagedMeadowList({
  title,
  note,
  empty,
  meadows,
  to,
  label,
  anchorScope,
}: {
  title: string;
  note?: ReactNode;
  empty: string;
  anchorScope?: string;
  meadows: MeadowCardPage;
  to: (page: number) => To;
  /** The pagination's name, where a page has more than one. */
  label?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const { items, total, page, pageCount } = meadows;
  return (
    <MeadowList
      title={title}
      note={note}
      count={
        total > 0
          ? t("meadowList.count", { count: total, formatted: formatNumber(total, lang) })
          : undefined
      }
      empty={empty}
      meadows={items}
      anchorScope={anchorScope}
    >
      <Pagination
        page={page}
        pageCount={pageCount}
        hasNextPage={page < pageCount}
        to={to}
        label={label}
      />
    </MeadowList>
  );
}
