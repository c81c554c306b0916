import { z } from "./zod";

/*
 * The answer of /api/meadows, the map's wire format: the server builds it (viewportMeadows) and
 * the map checks it with this schema before drawing, so a changed or broken answer shows the
 * map's "could not load" state instead of failing somewhere inside MapLibre.
 */

export const mapPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  city: z.string(),
  priceText: z.string(),
  /** The ids of its crops in season now, for the pin's popup. */
  inSeason: z.array(z.string()).optional(),
  /** What its hours say, for the pin's popup. */
  hours: z.string().optional(),
  /** The meadow's first photo, for the pin's popup. */
  photo: z
    .object({
      src: z.string(),
      srcSet: z.string(),
      width: z.number(),
      height: z.number(),
      placeholder: z.string(),
    })
    .optional(),
});

export const mapClusterSchema = z.object({
  /** Stable while the map pans at one zoom: the grid cell, `zoom/x/y`. */
  key: z.string(),
  count: z.number().int().nonnegative(),
  /** The mean position of the meadows in the cell, where the cluster is drawn. */
  lat: z.number(),
  lng: z.number(),
  /** One meadow of the cell. */
  sampleId: z.string(),
  /** The cell, to zoom into on a click: [west, south, east, north]. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

/** A place the search box's words name ("tulips Lisse"): the map goes there. */
export const mapPlaceSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** A region's reach, which the map shows whole. */
  radiusKm: z.number().optional(),
});

export const viewportResultSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("points"),
    points: z.array(mapPointSchema),
    place: mapPlaceSchema.optional(),
    /** Words read as the crop, place or word they are closest to, as typed ("tlupen"). */
    corrected: z.array(z.string()).optional(),
  }),
  z.object({
    kind: z.literal("clusters"),
    place: mapPlaceSchema.optional(),
    /** Words read as the crop, place or word they are closest to, as typed ("tlupen"). */
    corrected: z.array(z.string()).optional(),
    clusters: z.array(mapClusterSchema),
    /**
     * False when the counts are lower bounds: views filtered on words or a distance count their
     * first matches only (a view takes at most MAP_MAX_CROPS crops, which it counts exactly).
     */
    complete: z.boolean(),
  }),
]);

export type MapPoint = z.infer<typeof mapPointSchema>;
export type MapPlace = z.infer<typeof mapPlaceSchema>;
export type MapCluster = z.infer<typeof mapClusterSchema>;
export type ViewportResult = z.infer<typeof viewportResultSchema>;
