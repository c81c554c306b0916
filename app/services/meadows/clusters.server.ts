import { sql, type SQL } from "drizzle-orm";
import { queryManyRows, queryRows, type Database } from "~/adapters/db.server";
import {
  cellRangeCondition,
  cellRanges,
  clusterCellSize,
  inCountries,
  type BoundingBox,
  type NormalizedBoundingBox,
} from "./geo-sql.server";
import type { GridFilter } from "./filters.server";
import { openNowCondition } from "./hours.server";

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
 * The clusters of a view at a stored level: of every meadow (meadow_grid), or of those `grid`
 * asks for (meadow_grid_keys: of crops, a month in season or hours; those of a crop in season in
 * a month, and those open at a moment, ADR 42). Open rows are told by their hours profile
 * (meadow_hours_profiles), checked at each row's own country's clock. With `overlapping` keys
 * (several crops) a meadow may count under more than one: each cell counts its largest key, a
 * lower bound, and `exact` says whether every cell had one key at most.
 */
export async function storedClusters(
  db: Database,
  box: NormalizedBoundingBox,
  level: number,
  country: string | undefined,
  grid?: GridFilter,
): Promise<{ clusters: MapCluster[]; exact: boolean }> {
  const cell = clusterCellSize(level);
  const cells = cellRanges(box, cell);
  const where = sql`where g.level = ${level} and ${cellRangeCondition(sql`g.cx`, cells.x)}
    and g.cy between ${cells.y[0]} and ${cells.y[1]}
    ${grid ? sql`and ${sql.join(gridConditions(grid), sql` and `)}` : sql``}
    ${country ? sql`and g.country = ${country.toUpperCase()}` : sql``}`;
  const from = grid ? gridKeysSource(grid) : sql`meadow_grid g`;
  // A view holds up to a few hundred cells: as JSON on PGlite (queryManyRows).
  const rows = await queryManyRows<ClusterRow & { keys: number }>(
    db,
    grid?.overlapping
      ? sql`select cx, cy, max(n)::int as count, sum(lat_sum) / sum(n) as lat,
            sum(lng_sum) / sum(n) as lng, min(sample_id) as sample_id, count(*)::int as keys
          from (select g.cx, g.cy, g.key, sum(g.count) as n, sum(g.lat_sum) as lat_sum,
              sum(g.lng_sum) as lng_sum, min(g.sample_id) as sample_id
            from ${from} ${where}
            group by g.cx, g.cy, g.key) as per_key
          group by cx, cy`
      : sql`select g.cx, g.cy, sum(g.count)::int as count, sum(g.lat_sum) / sum(g.count) as lat,
            sum(g.lng_sum) / sum(g.count) as lng, min(g.sample_id) as sample_id, 1 as keys
          from ${from} ${where}
          group by g.cx, g.cy`,
  );
  return {
    clusters: toClusters(rows, level, cell),
    exact: rows.every((row) => Number(row.keys) <= 1),
  };
}

/**
 * How many meadows `grid` counts everywhere (in `country`), from the coarsest level's few rows, in
 * one statement. With several crops (`overlapping`) a meadow growing two of them counts under
 * both keys: `atMost` sums every key, `atLeast` each cell's largest, as storedClusters counts;
 * otherwise both are the count.
 */
export async function gridMatchCounts(
  db: Database,
  country: string | undefined,
  grid: GridFilter,
): Promise<{ atMost: number; atLeast: number }> {
  const [row] = await queryRows<{ at_most: number; at_least: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as at_most,
          coalesce(sum(${grid.overlapping ? sql`largest` : sql`n`}), 0)::int as at_least
        from (select sum(n) as n, max(n) as largest
          from (select g.cx, g.cy, sum(g.count) as n from ${gridKeysSource(grid)}
            where g.level = 0 and ${sql.join(gridConditions(grid), sql` and `)}
              ${country ? sql`and g.country = ${country.toUpperCase()}` : sql``}
            group by g.cx, g.cy, g.key) as per_key
          group by cx, cy) as per_cell`,
  );
  return { atMost: Number(row?.at_most ?? 0), atLeast: Number(row?.at_least ?? 0) };
}

/** `meadow_grid_keys g`, joined to its rows' hours profiles `p` when `grid` asks who is open. */
function gridKeysSource(grid: GridFilter): SQL {
  return grid.openAt
    ? sql`meadow_grid_keys g join meadow_hours_profiles p on p.id = g.hours`
    : sql`meadow_grid_keys g`;
}

/** The conditions on `meadow_grid_keys g` (and `meadow_hours_profiles p`) of what `grid` asks. */
function gridConditions({ keys, months, openAt }: GridFilter): SQL[] {
  const conditions = [
    sql`(${sql.join(
      keys.map(({ key, countries }) =>
        countries
          ? sql`(g.key = ${key} and ${inCountries(sql`g.country`, countries)})`
          : sql`g.key = ${key}`,
      ),
      sql` or `,
    )})`,
  ];
  if (months.length > 0) {
    const inMonth = ({ month, countries }: { month: number; countries?: string[] }) => {
      const season = sql`g.months & ${1 << (month - 1)}::smallint <> 0`;
      return countries ? sql`(${inCountries(sql`g.country`, countries)} and ${season})` : season;
    };
    conditions.push(sql`(${sql.join(months.map(inMonth), sql` or `)})`);
  }
  if (openAt) {
    conditions.push(
      openNowCondition(openAt, {
        openMinutes: sql`p.open_minutes`,
        closedOnHolidays: sql`p.closed_on_holidays`,
        country: sql`g.country`,
      }),
    );
  }
  return conditions;
}
