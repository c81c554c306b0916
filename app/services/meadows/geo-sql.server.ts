import { sql, type SQL } from "drizzle-orm";
import { greatCircleDistance } from "~/lib/great-circle";

/*
 * Places in SQL: points and distances on earthdistance's sphere, map views as boxes, and the
 * stored grid's cells (table meadow_grid), written for the indexes in db/schema.ts.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** The same point expression as the GiST index `meadows_earth_idx`, so the index applies. */
export const MEADOW_EARTH = sql`ll_to_earth(m.lat, m.lng)`;
/** earthdistance's earth radius (its earth() function), so both measure on the same sphere. */
export const EARTH_RADIUS_M = 6_378_168;

export function earthAt(point: LatLng): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}

/**
 * Great-circle metres from `point` to the meadow by the haversine formula on plain columns. Equal
 * to earth_distance(ll_to_earth(…), …) but several times cheaper per row: ll_to_earth builds three
 * cubes and checks the `earth` domain's constraints for every row (ADR 28).
 */
export function distanceMetres(point: LatLng): SQL {
  const halfRadian = Math.PI / 360;
  return sql`(${2 * EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin((m.lat - ${point.lat}::float8) * ${halfRadian}::float8), 2)
    + ${Math.cos((point.lat * Math.PI) / 180)}::float8 * cos(m.lat * ${2 * halfRadian}::float8)
      * power(sin((m.lng - ${point.lng}::float8) * ${halfRadian}::float8), 2))))`;
}

/**
 * The stored grid's cells (meadow_grid's, at `level`) that lie wholly within `metres` of `near`,
 * as a column range per row of cells, at the coarsest level whose cells are at most half the
 * radius high (or the finest kept): a few dozen cells. A cell is in when its corners are, with a
 * margin of 1%: on a sphere a cell's edges then lie within too, so the meadows it counts are
 * surely within the distance. Undefined over a pole or the antimeridian.
 */
export function cellsWithin(
  near: LatLng,
  metres: number,
): { level: number; rows: { cy: number; cx: [number, number] }[] } | undefined {
  const box = circleBox(near, metres);
  const [range] = box?.lngRanges ?? [];
  if (!box || !range || box.lngRanges.length > 1) return undefined;
  const half = metres / METRES_PER_DEGREE / 2;
  let level = STORED_GRID_LEVELS - 1;
  while (level > 0 && clusterCellSize(level - 1) <= half) level--;
  const size = clusterCellSize(level);
  const inside = (lat: number, lng: number) =>
    greatCircleDistance(near, { lat, lng }, EARTH_RADIUS_M) <= metres * 0.99;
  const rows: { cy: number; cx: [number, number] }[] = [];
  for (let cy = Math.floor(box.south / size); cy <= Math.floor(box.north / size); cy++) {
    const [south, north] = [cy * size, (cy + 1) * size];
    let first: number | undefined;
    let last: number | undefined;
    for (let cx = Math.floor(range[0] / size); cx <= Math.floor(range[1] / size); cx++) {
      const [west, east] = [cx * size, (cx + 1) * size];
      const corners = [
        [south, west],
        [south, east],
        [north, west],
        [north, east],
      ] as const;
      if (corners.every(([lat, lng]) => inside(lat, lng))) {
        first ??= cx;
        last = cx;
      }
    }
    if (first !== undefined && last !== undefined) rows.push({ cy, cx: [first, last] });
  }
  return { level, rows };
}

export function isValidLocation(point: LatLng): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

/**
 * The latitudes and longitudes around a circle, for the GiST index on point(lng, lat), which holds
 * the search text, country and position (migration 0008), so counting the matches in a radius
 * reads that index alone. Undefined when the circle reaches a pole or the antimeridian.
 */
export function circleBox(near: LatLng, metres: number): NormalizedBoundingBox | undefined {
  const radians = metres / EARTH_RADIUS_M;
  const latDegrees = (radians * 180) / Math.PI;
  const sinLng = Math.sin(radians) / Math.cos((near.lat * Math.PI) / 180);
  if (radians >= Math.PI / 2 || Math.abs(near.lat) + latDegrees >= 90 || sinLng >= 1) {
    return undefined;
  }
  // The widest longitude of a circle on a sphere; a hair more, against rounding.
  const lngDegrees = ((Math.asin(sinLng) * 180) / Math.PI) * (1 + 1e-9);
  if (Math.abs(near.lng) + lngDegrees >= 180) return undefined;
  return {
    south: near.lat - latDegrees * (1 + 1e-9),
    north: near.lat + latDegrees * (1 + 1e-9),
    lngRanges: [[near.lng - lngDegrees, near.lng + lngDegrees]],
  };
}

/** [west, south, east, north] in degrees, as MapLibre's `getBounds().toArray().flat()` gives. */
export type BoundingBox = [west: number, south: number, east: number, north: number];

/** Levels 0 to 11 of the grid are kept in the table meadow_grid (migration 0006). */
export const STORED_GRID_LEVELS = 12;
/** Grid cells of a quarter tile (64 px of a 256 px tile): clusters about a thumb apart. */
const CELLS_PER_TILE = 4;

/** The grid cell size in degrees at `zoom`; the same as SQL's meadow_grid_cell_size(level). */
export function clusterCellSize(zoom: number): number {
  return 360 / 2 ** zoom / CELLS_PER_TILE;
}

function wrapLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

export interface NormalizedBoundingBox {
  south: number;
  north: number;
  /** One range, or two when the view crosses the antimeridian. */
  lngRanges: [west: number, east: number][];
}

/**
 * The bbox as the database can use it. Values out of range are clamped, a missing (NaN) edge is
 * the world's edge, a view wider than the world is the world, and a view across the antimeridian
 * (170 to 190 as MapLibre gives it, or 170 to -170 as GeoJSON does) becomes two ranges.
 */
export function normalizeBoundingBox(bbox: BoundingBox): NormalizedBoundingBox {
  const [west, south, east, north] = bbox.map((value) =>
    Number.isFinite(value) ? value : Number.NaN,
  ) as BoundingBox;
  const clampLat = (lat: number, fallback: number) =>
    Number.isNaN(lat) ? fallback : Math.min(Math.max(lat, -90), 90);
  const [low, high] = [clampLat(south, -90), clampLat(north, 90)];
  const latitudes = { south: Math.min(low, high), north: Math.max(low, high) };
  // An east edge left of the west edge crosses the antimeridian (GeoJSON's convention);
  // MapLibre instead reports such a view with an east edge beyond 180.
  const unwrappedEast = east < west ? east + 360 : east;
  if (Number.isNaN(west) || Number.isNaN(east) || unwrappedEast - west >= 360) {
    return { ...latitudes, lngRanges: [[-180, 180]] };
  }
  const wrappedWest = wrapLongitude(west);
  // East wraps into (-180, 180], so a view ending at the antimeridian ends at 180, not -180.
  const wrappedEast = -wrapLongitude(-unwrappedEast);
  if (wrappedWest <= wrappedEast) {
    return { ...latitudes, lngRanges: [[wrappedWest, wrappedEast]] };
  }
  return {
    ...latitudes,
    lngRanges: [
      [wrappedWest, 180],
      [-180, wrappedEast],
    ],
  };
}

/**
 * The GiST index `meadows_point_idx` on point(lng, lat) answers this; `indexed: false` compares
 * the columns instead, for when another index finds the rows.
 */
export function boundingBoxCondition(box: NormalizedBoundingBox, { indexed = true } = {}): SQL {
  const ranges = box.lngRanges.map(([west, east]) =>
    indexed
      ? sql`point(m.lng, m.lat) <@ box(point(${west}::float8, ${box.south}::float8), point(${east}::float8, ${box.north}::float8))`
      : sql`(m.lng between ${west}::float8 and ${east}::float8 and m.lat between ${box.south}::float8 and ${box.north}::float8)`,
  );
  return sql`(${sql.join(ranges, sql` or `)})`;
}

/** The grid cells a view touches, as index ranges. */
export function cellRanges(box: NormalizedBoundingBox, cell: number) {
  return {
    x: box.lngRanges.map(
      ([west, east]) => [Math.floor(west / cell), Math.floor(east / cell)] as const,
    ),
    y: [Math.floor(box.south / cell), Math.floor(box.north / cell)] as const,
  };
}

export function cellRangeCondition(
  column: SQL,
  ranges: readonly (readonly [number, number])[],
): SQL {
  const parts = ranges.map(([from, to]) => sql`${column} between ${from} and ${to}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** `column` is one of `countries` (codes as stored, upper case). */
export function inCountries(column: SQL, countries: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    countries.map((country) => sql`${country}`),
    sql`, `,
  )})`;
}

/** Metres per degree of latitude on earthdistance's sphere. */
export const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;
