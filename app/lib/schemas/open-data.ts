import { CROP_IDS, MAP_MAX_CROPS, MAX_CROPS_PER_MEADOW } from "~/lib/crops";
import { COUNTRIES } from "~/lib/countries";
import { controlCharactersAsSpaces } from "./meadow-search";
import { mapClusterSchema, mapPointSchema } from "./viewport-result";
import { boundingBoxSchema, MAP_MAX_ZOOM, MAP_QUERY_MAX } from "./viewport";
import { z } from "./zod";

/*
 * The public API's requests and answers (`/api/v1`, DESIGN.md "Routes"). The same schemas
 * validate each request and make the OpenAPI document (app/services/open-data/openapi.server.ts),
 * so the document cannot drift from what the server accepts. Messages are catalogue keys
 * (openData.errors.*); `.meta()` holds what the document says of each field.
 */

/** Meadows per answer of a list or a nearest search, unless `limit` says otherwise. */
export const API_DEFAULT_LIMIT = 20;
export const API_MAX_LIMIT = 100;
/** The largest radius of a nearest search, as the list's distance filter allows. */
export const API_MAX_RADIUS_KM = 500;

const queryText = z
  .string()
  .transform(controlCharactersAsSpaces)
  .pipe(z.string().trim().max(MAP_QUERY_MAX, { error: "openData.errors.q" }))
  .meta({
    description: `Words that must all occur in the name or a description (at most ${MAP_QUERY_MAX} characters; case and accents ignored).`,
    example: "dahlia",
  });

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: "openData.errors.country" })
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(COUNTRIES, { error: "openData.errors.country" }))
  .meta({
    description: `ISO 3166-1 alpha-2 code of the meadow's country: ${COUNTRIES.join(", ")}.`,
    example: "NL",
  });

const crop = z
  .array(z.enum(CROP_IDS as [string, ...string[]], { error: "openData.errors.crop" }))
  .max(MAX_CROPS_PER_MEADOW, { error: "openData.errors.crop" })
  .meta({
    description:
      "Catalogue crop ids, the parameter repeated once per crop (`crop=dahlia&crop=sunflower`): meadows growing any of them. At most 30, and at most 4 with `bbox`, whose counts stay exact.",
    example: ["dahlia"],
  });

const season = z
  .string()
  .regex(/^(now|[1-9]|1[0-2])$/, { error: "openData.errors.season" })
  .transform((value) => (value === "now" ? ("now" as const) : Number(value)))
  .meta({
    description:
      "`now` (in season now, at each meadow's own clock) or a month, 1–12; with `crop`, one of those crops in season then.",
    example: "now",
  });

/** "lat,lng" in degrees. */
const near = z
  .string()
  .transform((value, context) => {
    const parts = value.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
    const [lat, lng] = parts;
    if (
      parts.length !== 2 ||
      lat === undefined ||
      lng === undefined ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      context.addIssue({ code: "custom", message: "openData.errors.near" });
      return z.NEVER;
    }
    return { lat, lng };
  })
  .meta({
    description: "`lat,lng` in degrees (WGS 84): meadows nearest this point first.",
    example: "52.09,5.12",
  });

/** A positive number of kilometres written as a decimal. */
const radius = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,3})?$/, { error: "openData.errors.radius" })
  .transform(Number)
  .pipe(
    z
      .number()
      .gt(0, { error: "openData.errors.radius" })
      .max(API_MAX_RADIUS_KM, { error: "openData.errors.radius" }),
  )
  .meta({
    description: `With \`near\`: only meadows within this many kilometres (at most ${API_MAX_RADIUS_KM}).`,
    example: "25",
  });

const limit = z
  .string()
  .regex(/^\d{1,3}$/, { error: "openData.errors.limit" })
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: "openData.errors.limit" })
      .max(API_MAX_LIMIT, { error: "openData.errors.limit" }),
  )
  .meta({
    description: `Meadows per answer, 1–${API_MAX_LIMIT} (default ${API_DEFAULT_LIMIT}); for lists and nearest searches.`,
    example: "20",
  });

const bbox = boundingBoxSchema({
  bbox: "openData.errors.bbox",
  latitude: "openData.errors.bbox",
}).meta({
  description:
    "`west,south,east,north` in degrees: the meadows in this box, as the map shows them at `zoom` (points, or clusters when there are many).",
  example: "4.8,52.0,5.4,52.2",
});

const zoom = z
  .string()
  .regex(/^\d{1,2}$/, { error: "openData.errors.zoom" })
  .transform(Number)
  .pipe(z.number().max(MAP_MAX_ZOOM, { error: "openData.errors.zoom" }))
  .meta({ description: `With \`bbox\`: the map's zoom, 0–${MAP_MAX_ZOOM}.`, example: "13" });

const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: "openData.errors.cursor" })
  .meta({
    description:
      "Where the next page starts: the `nextCursor` of the previous answer, as given (opaque).",
  });

export const API_FORMATS = ["json", "geojson"] as const;
export type ApiFormat = (typeof API_FORMATS)[number];

const format = z.enum(API_FORMATS, { error: "openData.errors.format" }).meta({
  description:
    "`geojson` answers a GeoJSON FeatureCollection (`application/geo+json`), as `Accept: application/geo+json` does; `json` (default) plain JSON.",
});

/**
 * The query of `GET /api/v1/meadows`: one of three kinds. With `near`: the nearest meadows; with
 * `bbox` and `zoom`: a map view; otherwise: every meadow, oldest first, a page at a time.
 */
export const meadowsQuerySchema = z
  .object({
    q: queryText.optional(),
    country: country.optional(),
    crop: crop.optional(),
    season: season.optional(),
    near: near.optional(),
    radius: radius.optional(),
    bbox: bbox.optional(),
    zoom: zoom.optional(),
    limit: limit.optional(),
    cursor: cursor.optional(),
    format: format.optional(),
  })
  .superRefine((query, context) => {
    const refuse = (message: string, path: string) =>
      context.addIssue({ code: "custom", message, path: [path] });
    if (query.near && query.bbox) refuse("openData.errors.nearAndBbox", "bbox");
    if (query.radius !== undefined && !query.near)
      refuse("openData.errors.radiusWithoutNear", "radius");
    if ((query.bbox === undefined) !== (query.zoom === undefined))
      refuse("openData.errors.bboxAndZoom", query.bbox ? "zoom" : "bbox");
    if (query.cursor && (query.near || query.bbox))
      refuse("openData.errors.cursorOnList", "cursor");
    if (query.limit !== undefined && query.bbox) refuse("openData.errors.limitWithBbox", "limit");
    if (query.bbox && (query.crop?.length ?? 0) > MAP_MAX_CROPS)
      refuse("openData.errors.cropsWithBbox", "crop");
  });

export type MeadowsQuery = z.output<typeof meadowsQuerySchema>;

/** The parameters of `GET /api/v1/meadows`, in the order the document and the reference give. */
export const API_QUERY_PARAMETERS = Object.keys(meadowsQuerySchema.shape) as (keyof MeadowsQuery)[];

/** The parameters a list query may repeat; every other one counts once. */
const REPEATABLE = new Set(["crop"]);

/**
 * The query string as the schema reads it: `crop` as a list, every other parameter as text (a
 * parameter given twice is refused, as it is ambiguous). Unknown parameters are left out.
 */
export function queryObject(
  params: URLSearchParams,
): { ok: true; value: Record<string, unknown> } | { ok: false; parameter: string } {
  const known = new Set(Object.keys(meadowsQuerySchema.shape));
  const value: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    if (!known.has(key)) continue;
    const all = params.getAll(key);
    if (REPEATABLE.has(key)) value[key] = all.map((entry) => entry.trim().toLowerCase());
    else if (all.length > 1) return { ok: false, parameter: key };
    else value[key] = all[0];
  }
  return { ok: true, value };
}

/** The query of `GET /api/v1/meadows/{id}`. */
export const meadowQuerySchema = z.object({ format: format.optional() });

export const meadowIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, { error: "openData.errors.id" })
  .meta({ description: "The meadow's id, as in its page's address.", example: "k3Xq9PzA2b" });

/* ---------------------------------------------------------------------------------------------
 * Answers
 */

const cropEntry = z
  .object({
    id: z.string().meta({ example: "dahlia" }),
    name: z.object({ en: z.string(), nl: z.string() }),
    months: z
      .array(z.number().int().min(1).max(12))
      .meta({ description: "The months it is picked there, 1 (January) to 12." }),
  })
  .meta({ id: "MeadowCrop" });

export const apiMeadowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    country: z.enum(COUNTRIES),
    city: z.string(),
    lat: z.number(),
    lng: z.number(),
    price: z.object({
      text: z.string().meta({ description: "The price as the meadow gives it." }),
      amount: z
        .number()
        .nullable()
        .meta({ description: "The first amount in the text, in euros; null when none is clear." }),
    }),
    openingHours: z.string().meta({ description: "The opening hours as the meadow gives them." }),
    crops: z.array(cropEntry),
    description: z
      .object({ en: z.string(), nl: z.string() })
      .meta({ description: "The description in English and in Dutch; either may be empty." }),
    url: z.url().meta({ description: "The meadow's page." }),
    demo: z.boolean().meta({
      description:
        "A demo meadow: invented, shown with a badge on the site, left out of the exports.",
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    distanceKm: z
      .number()
      .optional()
      .meta({ description: "With `near`: the distance from that point in kilometres." }),
  })
  .meta({ id: "Meadow" });

export type ApiMeadow = z.output<typeof apiMeadowSchema>;

export const meadowListSchema = z
  .object({
    kind: z.literal("list"),
    meadows: z.array(apiMeadowSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
    next: z
      .url()
      .nullable()
      .meta({ description: "The next page's address; null on the last page." }),
  })
  .meta({ id: "MeadowList" });

export const meadowNearSchema = z
  .object({ kind: z.literal("nearest"), meadows: z.array(apiMeadowSchema) })
  .meta({ id: "MeadowsNearest" });

/** The map's pin (app/lib/schemas/viewport-result.ts) without its popup's photo, with its page. */
const viewPoint = mapPointSchema
  .pick({ id: true, name: true, lat: true, lng: true, city: true, priceText: true })
  .extend({ url: z.url() })
  .meta({ id: "MapPoint" });

const viewCluster = mapClusterSchema.meta({
  id: "MapCluster",
  description:
    "Meadows of one grid cell (`key`, `zoom/x/y`, stable while a map pans) at their mean position; `bounds` is the cell, `[west, south, east, north]`, to zoom into for its meadows.",
});

export const meadowViewSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("points"), points: z.array(viewPoint) }),
    z.object({
      kind: z.literal("clusters"),
      clusters: z.array(viewCluster),
      complete: z.boolean().meta({
        description:
          "False when the counts are lower bounds: views filtered on words or a distance count their first matches only.",
      }),
    }),
  ])
  .meta({ id: "MapView" });

export type MeadowView = z.output<typeof meadowViewSchema>;

const position = z.tuple([z.number(), z.number()]).meta({ description: "`[lng, lat]`" });

const pointGeometry = z.object({ type: z.literal("Point"), coordinates: position });

/** GeoJSON (RFC 7946): the same answers as features; lists carry their paging as foreign members. */
export const meadowFeatureCollectionSchema = z
  .object({
    type: z.literal("FeatureCollection"),
    features: z.array(
      z.object({
        type: z.literal("Feature"),
        id: z.string(),
        geometry: pointGeometry,
        properties: z.record(z.string(), z.unknown()),
      }),
    ),
    nextCursor: z.string().nullable().optional(),
    next: z.url().nullable().optional(),
    complete: z.boolean().optional(),
  })
  .meta({
    id: "MeadowFeatureCollection",
    description:
      "Each meadow (or cluster) as a Point feature; its properties are the JSON answer's fields without `lat` and `lng`. Clusters have `cluster: true`.",
  });

export const meadowFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    id: z.string(),
    geometry: pointGeometry,
    properties: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "MeadowFeature" });

/** RFC 9457 problem details. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A URI naming the kind of problem." }),
    title: z
      .string()
      .meta({ description: "The kind, in the language of `Accept-Language` (en, nl)." }),
    status: z.number().int(),
    detail: z.string().meta({ description: "What was wrong with this request, in that language." }),
    instance: z.string().meta({ description: "The path and query that was asked for." }),
    parameter: z.string().optional().meta({ description: "The query parameter at fault, if one." }),
  })
  .meta({ id: "Problem" });

export type Problem = z.output<typeof problemSchema>;
