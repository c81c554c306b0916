import { sql } from "drizzle-orm";
import { queryManyRows, type Database } from "~/adapters/db.server";
import { catalogueTranslator } from "~/lib/catalogue-translator";
import { CROP_IDS, cropsFromColumns, maskMonths } from "~/lib/crops";
import type { ApiMeadow, MeadowView } from "~/lib/schemas/open-data";
import type { ViewportBox } from "~/lib/schemas/viewport";
import {
  filterConditions,
  searchText,
  whereClause,
  type MeadowFilters,
} from "~/services/meadows/filters.server";
import { distanceMetres, earthAt, MEADOW_EARTH } from "~/services/meadows/geo-sql.server";
import { isMeadowId } from "~/services/meadows/records.server";
import { searchMeadows } from "~/services/meadows/search.server";
import { viewportMeadows } from "~/services/meadows/viewport.server";
import { withWordKeys } from "~/services/meadows/word-keys.server";
import { decodeCursor, encodeCursor, type ListCursor } from "./cursor";

/*
 * The open data API's meadows (`/api/v1/meadows`): a list walked a page at a time, the nearest to
 * a point, a map view, or one meadow. The list, nearest and view reuse the site's own search and
 * viewport services, so the API finds what the site finds.
 */

export { InvalidCursorError } from "./cursor";

/** The columns of a meadow as the API gives it; `created_us` orders and resumes the list. */
const API_COLUMNS = sql`m.id, m.name, m.country, m.city, m.lat, m.lng, m.price_text,
  m.price_amount, m.opening_hours, m.crops, m.crop_months, m.description, m.description_nl,
  m.is_demo, m.created_at, m.updated_at,
  ((extract(epoch from m.created_at) * 1000000)::bigint)::text as created_us`;

export interface ApiMeadowRow {
  id: string;
  name: string;
  country: string;
  city: string;
  lat: number;
  lng: number;
  price_text: string;
  price_amount: string | number | null;
  opening_hours: string;
  crops: string[];
  crop_months: number[];
  description: string;
  description_nl: string;
  is_demo: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  created_us: string;
}

const english = catalogueTranslator("en");
const dutch = catalogueTranslator("nl");
/** Each crop's names, looked up once: a hundred meadows name a few hundred crops. */
const cropNames = new Map(
  CROP_IDS.map((id) => [
    id,
    { en: english(`crops.names.${id}` as never), nl: dutch(`crops.names.${id}` as never) },
  ]),
);

/** Where a meadow's page is, from the site's public address. */
export function meadowPageUrl(siteUrl: URL, id: string): string {
  return new URL(`/meadows/${encodeURIComponent(id)}`, siteUrl).href;
}

export function toApiMeadow(row: ApiMeadowRow, siteUrl: URL): ApiMeadow {
  return {
    id: row.id,
    name: row.name,
    country: row.country as ApiMeadow["country"],
    city: row.city,
    lat: Number(row.lat),
    lng: Number(row.lng),
    price: {
      text: row.price_text,
      amount: row.price_amount === null ? null : Number(row.price_amount),
    },
    openingHours: row.opening_hours,
    crops: cropsFromColumns(row.crops, row.crop_months).map((crop) => ({
      id: crop.id,
      name: cropNames.get(crop.id) ?? { en: crop.id, nl: crop.id },
      months: maskMonths(crop.months),
    })),
    description: { en: row.description, nl: row.description_nl },
    url: meadowPageUrl(siteUrl, row.id),
    demo: row.is_demo,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** One meadow, or null when there is none of that id. */
export async function findApiMeadow(
  db: Database,
  id: string,
  siteUrl: URL,
): Promise<ApiMeadow | null> {
  if (!isMeadowId(id)) return null;
  const [row] = await queryManyRows<ApiMeadowRow>(
    db,
    sql`select ${API_COLUMNS} from meadows m where m.id = ${id}`,
  );
  return row ? toApiMeadow(row, siteUrl) : null;
}

export interface MeadowPage {
  meadows: ApiMeadow[];
  /** Where the next page starts; null after the last. */
  nextCursor: string | null;
}

/**
 * A page of the meadows matching `filters`, oldest first (id breaks ties), after `cursor`. The
 * cursor holds the last meadow's exact creation time (in microseconds, as stored) and id, and
 * the next page starts strictly after that pair, so pages neither repeat nor skip a meadow,
 * whatever is added meanwhile: new meadows come at the end.
 */
export async function listApiMeadows(
  db: Database,
  params: { filters: MeadowFilters; cursor?: string; limit: number; siteUrl: URL },
): Promise<MeadowPage> {
  const after: ListCursor | undefined = params.cursor ? decodeCursor(params.cursor) : undefined;
  const conditions = filterConditions(await withWordKeys(db, params.filters));
  if (after) {
    conditions.push(
      sql`(m.created_at, m.id) > (timestamptz 'epoch' + ${after.createdUs}::bigint * interval '1 microsecond', ${after.id}::text)`,
    );
  }
  const rows = await queryManyRows<ApiMeadowRow>(
    db,
    sql`select ${API_COLUMNS} from meadows m ${whereClause(conditions)}
        order by m.created_at, m.id limit ${params.limit + 1}`,
  );
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    meadows: page.map((row) => toApiMeadow(row, params.siteUrl)),
    nextCursor:
      rows.length > params.limit && last
        ? encodeCursor({ createdUs: last.created_us, id: last.id })
        : null,
  };
}

/**
 * The `limit` meadows nearest `near` (within `radiusKm` when given), nearest first. Without words,
 * one statement walks the GiST index nearest-first (KNN) and returns the meadows whole; words go
 * through the list's search, which picks how to find them (ADR 28), and the meadows are read by id.
 */
export async function nearestApiMeadows(
  db: Database,
  params: {
    filters: MeadowFilters;
    near: { lat: number; lng: number };
    radiusKm?: number;
    limit: number;
    siteUrl: URL;
  },
): Promise<ApiMeadow[]> {
  const filters: MeadowFilters = {
    ...params.filters,
    near: params.near,
    ...(params.radiusKm === undefined ? {} : { maxDistanceKm: params.radiusKm }),
  };
  const withDistance = (row: ApiMeadowRow & { distance_m: number }) => {
    const meadow = toApiMeadow(row, params.siteUrl);
    meadow.distanceKm = Math.round(Number(row.distance_m)) / 1000;
    return meadow;
  };
  if (!searchText(filters)) {
    const rows = await queryManyRows<ApiMeadowRow & { distance_m: number }>(
      db,
      sql`select ${API_COLUMNS}, ${distanceMetres(params.near)} as distance_m
          from meadows m ${whereClause(filterConditions(filters))}
          order by ${MEADOW_EARTH} <-> ${earthAt(params.near)} limit ${params.limit}`,
    );
    return rows.map(withDistance);
  }
  const found = await searchMeadows(db, { ...filters, sort: "distance", pageSize: params.limit });
  if (found.items.length === 0) return [];
  const rows = await queryManyRows<ApiMeadowRow & { distance_m: number }>(
    db,
    sql`select ${API_COLUMNS}, ${distanceMetres(params.near)} as distance_m from meadows m
        where m.id in (${sql.join(
          found.items.map((item) => sql`${item.id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return found.items.flatMap((item) => {
    const row = byId.get(item.id);
    return row ? [withDistance(row)] : [];
  });
}

/** A map view: its meadows as points, or clusters of them, as the site's map gets them. */
export async function apiMeadowView(
  db: Database,
  params: { bbox: ViewportBox; zoom: number; filters: MeadowFilters; siteUrl: URL },
): Promise<MeadowView> {
  const result = await viewportMeadows(db, {
    bbox: params.bbox,
    zoom: params.zoom,
    filters: params.filters,
  });
  if (result.kind === "clusters") {
    return {
      kind: "clusters",
      complete: result.complete,
      clusters: result.clusters.map(({ key, count, lat, lng, sampleId, bounds }) => ({
        key,
        count,
        lat,
        lng,
        sampleId,
        bounds,
      })),
    };
  }
  return {
    kind: "points",
    points: result.points.map(({ id, name, lat, lng, city, priceText }) => ({
      id,
      name,
      lat,
      lng,
      city,
      priceText,
      url: meadowPageUrl(params.siteUrl, id),
    })),
  };
}

/** The id of the oldest meadow, for the reference page's example; null when there are none. */
export async function exampleMeadowId(db: Database): Promise<string | null> {
  const [row] = await queryManyRows<{ id: string }>(
    db,
    sql`select m.id from meadows m order by m.created_at, m.id limit 1`,
  );
  return row?.id ?? null;
}
