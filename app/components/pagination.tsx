import { useTranslation } from "~/hooks/use-translation";
import { Link, type To } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";

/** A page's number, or a gap where pages are left out. */
export type PageItem = number | "gap";

/**
 * The page numbers worth showing: the first, the last, and the pages either side of `page`;
 * a gap stands for two pages or more (one page left out is shown as its number). With
 * `pageCount` undefined the pages are not all counted: the list goes one past `page` where there
 * is a next page, and ends in a gap.
 */
export function pageItems(
  page: number,
  pageCount: number | undefined,
  hasNextPage: boolean,
): PageItem[] {
  const last = pageCount ?? (hasNextPage ? page + 1 : page);
  const shown = [...new Set([1, page - 1, page, page + 1, ...(pageCount ? [pageCount] : [])])]
    .filter((number) => number >= 1 && number <= last)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const number of shown) {
    const previous = items.at(-1);
    if (typeof previous === "number" && number - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && number - previous > 2) items.push("gap");
    items.push(number);
  }
  if (pageCount === undefined && hasNextPage) items.push("gap");
  return items;
}

/**
 * "Previous" and "Next" around the pages' numbers, as plain links (they work without
 * JavaScript and can be shared). `pageCount` undefined: the pages are not all counted. Nothing
 * when there is only one page. `label` names the navigation where a page has more than one.
 */
export function Pagination({
  page,
  pageCount,
  hasNextPage,
  to,
  label,
}: {
  page: number;
  pageCount: number | undefined;
  hasNextPage: boolean;
  to: (page: number) => To;
  label?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  if (page <= 1 && !hasNextPage) return null;
  const link = cn(buttonVariants({ variant: "outline" }), "min-w-28");
  return (
    <nav
      aria-label={label ?? t("meadowList.pagination")}
      // On a phone the numbers take a line of their own above the buttons: between them, seven
      // numbers do not fit in 360 px.
      className="mt-8 flex flex-wrap items-center justify-between gap-x-4 gap-y-3"
    >
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className={link}>
          <span aria-hidden="true">←</span>
          {t("meadowList.previous")}
        </Link>
      ) : (
        <span className="min-w-28" />
      )}
      <ol className="order-first flex basis-full items-center justify-center gap-1 sm:order-none sm:basis-auto">
        {pageItems(page, pageCount, hasNextPage).map((item, index) => {
          if (item === "gap") {
            return (
              <li key={`gap-${index}`} aria-hidden="true" className="page-number w-6">
                …
              </li>
            );
          }
          const shown = formatNumber(item, lang);
          const current = item === page;
          return (
            <li key={item}>
              {/* The current page a link too, as GOV.UK's pagination has it: named with the count. */}
              <Link
                to={to(item)}
                aria-current={current ? "page" : undefined}
                aria-label={
                  current && pageCount !== undefined
                    ? t("meadowList.pageOf", { page: shown, pages: formatNumber(pageCount, lang) })
                    : t("meadowList.page", { page: shown })
                }
                className="page-number"
              >
                {shown}
              </Link>
            </li>
          );
        })}
      </ol>
      {hasNextPage ? (
        <Link to={to(page + 1)} rel="next" className={link}>
          {t("meadowList.next")}
          <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className="min-w-28" />
      )}
    </nav>
  );
}

/**
 * `pathname` at these pages (parameter name to 1-based page), as the Pagination's `to` and a
 * loader's redirect give it: page 1 is left out, so a list's first page has one address.
 */
export function pagesHref(pathname: string, pages: Record<string, number>): string {
  const query = new URLSearchParams();
  for (const [name, page] of Object.entries(pages)) if (page > 1) query.set(name, String(page));
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
