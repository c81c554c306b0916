import { useTranslation } from "~/hooks/use-translation";
import { Link, type To } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";

/**
 * "Previous" and "Next" around "Page 2 of 5", as plain links (they work without JavaScript and
 * can be shared). `pageCount` undefined: the pages are not all counted ("Page 2" alone). Nothing
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
  const pageNumber = formatNumber(page, lang);
  return (
    <nav
      aria-label={label ?? t("meadowList.pagination")}
      // On a phone the page number takes a line of its own above the buttons: between them it
      // wrapped ("Pagina 2 van 3" has 72 px at 360 px wide).
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
      <p
        className="order-first basis-full text-center text-sm text-muted-foreground sm:order-none sm:basis-auto"
        aria-current="page"
      >
        {pageCount === undefined || page > pageCount
          ? t("meadowList.page", { page: pageNumber })
          : t("meadowList.pageOf", { page: pageNumber, pages: formatNumber(pageCount, lang) })}
      </p>
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
