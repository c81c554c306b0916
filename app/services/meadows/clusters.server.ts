import { sql } from "drizzle-orm";
import { queryManyRows, type Database } from "~/adapters/db.server";
import {
  cellRangeCondition,
  cellRanges,
  clusterCellSize,
  type BoundingBox,
  type NormalizedBoundingBox,
} from "./geo-sql.server";
import type { GridKey } from "./filters.server";

/*
 * The map's clusters: one per cell of a fixed grid, read from the stored grid (table meadow_grid,
 * which triggers keep current) or counted from the rows of a filtered view.
 */

import type { MapCluster } from "~/lib/schemas/viewport-result";
export type { MapCluster };

export interface ClusterRow {
  cx: number;
  cy: number;
  count: number;
  lat: number;
  lng: number;
  sample_id: string;
}

export function toClusters(rows: ClusterRow[], zoom: number, cell: number): MapCluster[] {
  return rows.map((row) => {
    const cx = Number(row.cx);
    const cy = Number(row.cy);
    return {
      key: `${zoom}/${cx}/${cy}`,
      count: Number(row.count),
      lat: Number(row.lat),
      lng: Number(row.lng),
      sampleId: row.sample_id,
      bounds: [cx * cell, cy * cell, (cx + 1) * cell, (cy + 1) * cell],
    };
  });
}

export function cellInside([west, south, east, north]: BoundingBox, box: NormalizedBoundingBox) {
  return (
    south >= box.south &&
    north <= box.north &&
    box.lngRanges.some(([from, to]) => west >= from && east <= to)
  );
}

/**
 * The clusters of a view at a stored level: of every meadow (meadow_grid), or of those counted
 * under `keys` (meadow_grid_keys: one crop, or a month in season per group of countries).
 */
export async function storedClusters(
  db: Database,
  box: NormalizedBoundingBox,
  level: number,
  country: string | undefined,
  keys?: readonly GridKey[],
): Promise<MapCluster[]> {
  const cell = clusterCellSize(level);
  const cells = cellRanges(box, cell);
  const keyed = keys && keys.length > 0;
  const keyCondition = keyed
    ? sql`and (${sql.join(
        keys.map(({ key, countries }) =>
          countries
            ? sql`(key = ${key} and country in (${sql.join(
                countries.map((code) => sql`${code}`),
                sql`, `,
              )}))`
            : sql`key = ${key}`,
        ),
        sql` or `,
      )})`
    : sql``;
  // A view holds up to a few hundred cells: as JSON on PGlite (queryManyRows).
  const rows = await queryManyRows<ClusterRow>(
    db,
    sql`select cx, cy, sum(count)::int as count, sum(lat_sum) / sum(count) as lat,
          sum(lng_sum) / sum(count) as lng, min(sample_id) as sample_id
        from ${keyed ? sql`meadow_grid_keys` : sql`meadow_grid`}
        where level = ${level} and ${cellRangeCondition(sql`cx`, cells.x)}
          and cy between ${cells.y[0]} and ${cells.y[1]}
          ${keyCondition}
          ${country ? sql`and country = ${country.toUpperCase()}` : sql``}
        group by cx, cy`,
  );
  return toClusters(rows, level, cell);
}
