import { appContext } from "~/context";
import { meadowsQuerySchema, API_DEFAULT_LIMIT, type MeadowsQuery } from "~/lib/schemas/open-data";
import type { MeadowFilters } from "~/services/meadows/filters.server";
import { meadowsFeatureCollection, viewFeatureCollection } from "~/services/open-data/geojson";
import {
  apiMeadowView,
  InvalidCursorError,
  listApiMeadows,
  nearestApiMeadows,
} from "~/services/open-data/meadows.server";
import { parseApiQuery } from "./query.server";
import { apiAnswer, negotiatedFormat, problem, refuseOverLimit } from "./respond.server";
import type { Route } from "./+types/meadows";
import type { SharedAnswerHandle } from "~/lib/shared-answer";

/** The same for every client asking the same address: kept briefly by the page cache (ADR 40). */
export const handle: SharedAnswerHandle = { sharedAnswer: true, apiLimit: true };

/**
 * `GET /api/v1/meadows`: the nearest meadows to a point (`near`), a map view (`bbox`, `zoom`), or
 * every meadow a page at a time (`cursor`), each with the list's filters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = await refuseOverLimit(request, context);
  if (refused) return refused;
  const parsed = parseApiQuery(request, context, meadowsQuerySchema);
  if (!parsed.ok) return parsed.response;
  const query = parsed.data;
  const { db, config } = context.get(appContext);
  const format = negotiatedFormat(request, query.format);
  const filters = filtersOf(query);
  const siteUrl = config.appUrl;

  if (query.near) {
    const meadows = await nearestApiMeadows(db, {
      filters,
      near: query.near,
      ...(query.radius === undefined ? {} : { radiusKm: query.radius }),
      limit: query.limit ?? API_DEFAULT_LIMIT,
      siteUrl,
    });
    const body =
      format === "geojson" ? meadowsFeatureCollection(meadows) : { kind: "nearest", meadows };
    return apiAnswer(request, body, { format });
  }
  if (query.bbox && query.zoom !== undefined) {
    const view = await apiMeadowView(db, { bbox: query.bbox, zoom: query.zoom, filters, siteUrl });
    return apiAnswer(request, format === "geojson" ? viewFeatureCollection(view) : view, {
      format,
    });
  }
  try {
    const page = await listApiMeadows(db, {
      filters,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      limit: query.limit ?? API_DEFAULT_LIMIT,
      siteUrl,
    });
    const next = page.nextCursor ? nextPage(request, page.nextCursor, siteUrl) : null;
    const paging = { nextCursor: page.nextCursor, next };
    const body =
      format === "geojson"
        ? meadowsFeatureCollection(page.meadows, paging)
        : { kind: "list", meadows: page.meadows, ...paging };
    return apiAnswer(request, body, {
      format,
      headers: next ? { Link: `<${next}>; rel="next"` } : {},
    });
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    return problem(
      request,
      context,
      "invalid-parameter",
      { key: "openData.errors.cursor" },
      { parameter: "cursor" },
    );
  }
}

function filtersOf(query: MeadowsQuery): MeadowFilters {
  const filters: MeadowFilters = {};
  if (query.q) filters.text = query.q;
  if (query.country) filters.country = query.country;
  if (query.crop && query.crop.length > 0) filters.crops = query.crop;
  if (query.season !== undefined) filters.season = query.season;
  return filters;
}

/**
 * This request's path and query with the next page's cursor, on the site's own address: the
 * request's host is whatever the client named, and a copy of the answer goes to every client.
 */
function nextPage(request: Request, cursor: string, siteUrl: URL): string {
  const asked = new URL(request.url);
  const url = new URL(asked.pathname + asked.search, siteUrl);
  url.searchParams.set("cursor", cursor);
  return url.href;
}
