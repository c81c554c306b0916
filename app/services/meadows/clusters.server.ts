import { sql, type SQL } from "drizzle-orm";
import { queryManyRows, type Database } from "~/adapters/db.server";
import {
  cellRangeCondition,
  cellRanges,
  clusterCellSize,
  inCountries,
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
 * under `keys` (meadow_grid_keys: crops, or a month in season per group of countries). With
 * `overlapping` keys (several crops) a meadow may count under more than one: each cell counts
 * its largest key, a lower bound, and `exact` says whether every cell had one key at most.
 */
export async function storedClusters(
  db: Database,
  box: NormalizedBoundingBox,
  level: number,
  country: string | undefined,
  grid?: { keys: readonly GridKey[]; overlapping: boolean },
): Promise<{ clusters: MapCluster[]; exact: boolean }> {
  const cell = clusterCellSize(level);
  const cells = cellRanges(box, cell);
  const where = sql`where level = ${level} and ${cellRangeCondition(sql`cx`, cells.x)}
    and cy between ${cells.y[0]} and ${cells.y[1]}
    ${grid ? sql`and (${keyConditions(grid.keys)})` : sql``}
    ${country ? sql`and country = ${country.toUpperCase()}` : sql``}`;
  // A view holds up to a few hundred cells: as JSON on PGlite (queryManyRows).
  const rows = await queryManyRows<ClusterRow & { keys: number }>(
    db,
    grid?.overlapping
      ? sql`select cx, cy, max(n)::int as count, sum(lat_sum) / sum(n) as lat,
            sum(lng_sum) / sum(n) as lng, min(sample_id) as sample_id, count(*)::int as keys
          from (select cx, cy, key, sum(count) as n, sum(lat_sum) as lat_sum,
              sum(lng_sum) as lng_sum, min(sample_id) as sample_id
            from meadow_grid_keys ${where}
            group by cx, cy, key) as per_key
          group by cx, cy`
      : sql`select cx, cy, sum(count)::int as count, sum(lat_sum) / sum(count) as lat,
            sum(lng_sum) / sum(count) as lng, min(sample_id) as sample_id, 1 as keys
          from ${grid ? sql`meadow_grid_keys` : sql`meadow_grid`} ${where}
          group by cx, cy`,
  );
  return {
    clusters: toClusters(rows, level, cell),
    exact: rows.every((row) => Number(row.keys) <= 1),
  };
}

/** Rows of any of `keys`, each for its countries or all. */
function keyConditions(keys: readonly GridKey[]): SQL {
  return sql.join(
    keys.map(({ key, countries }) =>
      countries
        ? sql`(key = ${key} and ${inCountries(sql`country`, countries)})`
        : sql`key = ${key}`,
    ),
    sql` or `,
  );
}
