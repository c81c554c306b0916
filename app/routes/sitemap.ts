import { appContext } from "~/context";
import { SITEMAP_STATIC_PATHS, sitemapIndex, sitemapUrlSet } from "~/lib/sitemap";
import { sitemapCount, sitemapMeadows } from "~/services/sitemap.server";
import type { Route } from "./+types/sitemap";

const XML = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

/**
 * /sitemap.xml: the index of the sitemaps; /sitemap.xml?page=N: the Nth, meadow pages in both
 * languages (the first also lists the other public pages). Addresses start at APP_URL, as the
 * pages' canonical links do. A page that is not one is a 404, as for a page that is gone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const origin = config.appUrl.origin;
  const page = new URL(request.url).searchParams.get("page");
  if (page === null) {
    return new Response(sitemapIndex(origin, await sitemapCount(db)), { headers: XML });
  }
  const number = /^[1-9][0-9]{0,8}$/.test(page) ? Number(page) : 0;
  const entries = number > 0 ? await sitemapMeadows(db, number) : [];
  // The first always exists (it lists the other public pages); past the last, nothing is left.
  if (number < 1 || (number > 1 && entries.length === 0)) {
    return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const others = number === 1 ? SITEMAP_STATIC_PATHS.map((path) => ({ path })) : [];
  return new Response(sitemapUrlSet(origin, [...others, ...entries]), { headers: XML });
}
