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
 * (meadow_hours_profiles), checked at each row's own country's clock. With several crops a
 * meadow counts under each it grows, and under each two of them: see `cellCounts`, and `exact`
 * says whether every cell's count is.
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
  if (!grid) {
    // A view holds up to a few hundred cells: as JSON on PGlite (queryManyRows).
    const rows = await queryManyRows<ClusterRow>(
      db,
      sql`select g.cx, g.cy, sum(g.count)::int as count, sum(g.lat_sum) / sum(g.count) as lat,
            sum(g.lng_sum) / sum(g.count) as lng, min(g.sample_id) as sample_id
          from meadow_grid g ${where}
          group by g.cx, g.cy`,
    );
    return { clusters: toClusters(rows, level, cell), exact: true };
  }
  const counts = cellCounts(grid);
  // Where two crops grow together, the pair's positions come off too, so the centre is theirs.
  const centre = (column: string) =>
    counts.twoCrops
      ? sql`(${sql.raw(`s_${column} - p_${column}`)}) / (s - p)`
      : sql`${sql.raw(`s_${column}`)} / s`;
  const rows = await queryManyRows<ClusterRow & { exact: boolean }>(
    db,
    sql`select cx, cy, (${counts.atLeast})::int as count, ${centre("lat")} as lat,
          ${centre("lng")} as lng, sample_id, ${counts.exact} as exact
        from (${perCell(gridKeysSource(grid), where)}) as per_cell`,
  );
  return {
    clusters: toClusters(rows, level, cell),
    exact: rows.every((row) => row.exact),
  };
}

/**
 * How many meadows `grid` counts everywhere (in `country`), from the coarsest level's few rows, in
 * one statement: `atMost` and `atLeast` as `cellCounts` tells them, the same where it is exact.
 */
export async function gridMatchCounts(
  db: Database,
  country: string | undefined,
  grid: GridFilter,
): Promise<{ atMost: number; atLeast: number }> {
  const counts = cellCounts(grid);
  const where = sql`where g.level = 0 and ${sql.join(gridConditions(grid), sql` and `)}
    ${country ? sql`and g.country = ${country.toUpperCase()}` : sql``}`;
  const [row] = await queryRows<{ at_most: number; at_least: number }>(
    db,
    sql`select coalesce(sum(${counts.atMost}), 0)::int as at_most,
          coalesce(sum(${counts.atLeast}), 0)::int as at_least
        from (${perCell(gridKeysSource(grid), where)}) as per_cell`,
  );
  return { atMost: Number(row?.at_most ?? 0), atLeast: Number(row?.at_least ?? 0) };
}

/**
 * Per cell of the grid's rows `from … where`: `s` the meadows counted under the single keys
 * (a meadow growing two of the crops twice), `p` under the pairs' keys, `largest` the largest
 * single key's, `keys` how many single keys, their positions' sums and a sample.
 */
function perCell(from: SQL, where: SQL): SQL {
  return sql`select cx, cy,
      sum(n) filter (where not pair) as s, coalesce(sum(n) filter (where pair), 0) as p,
      max(n) filter (where not pair) as largest, count(*) filter (where not pair) as keys,
      sum(lat_sum) filter (where not pair) as s_lat,
      coalesce(sum(lat_sum) filter (where pair), 0) as p_lat,
      sum(lng_sum) filter (where not pair) as s_lng,
      coalesce(sum(lng_sum) filter (where pair), 0) as p_lng,
      min(sample_id) filter (where not pair) as sample_id
    from (select g.cx, g.cy, g.key, g.key like 'crops:%' as pair, sum(g.count) as n,
        sum(g.lat_sum) as lat_sum, sum(g.lng_sum) as lng_sum, min(g.sample_id) as sample_id
      from ${from} ${where}
      group by g.cx, g.cy, g.key) as per_key
    group by cx, cy
    having sum(n) filter (where not pair) > 0`;
}

/**
 * A cell's count from perCell's columns. One crop, a month or "open now": a meadow counts under
 * one key, so the sum (`s`). Two crops: those of each, less those growing both (`s - p`). Three
 * to MAX_PAIRED_CROPS: the sum where no meadow grows two of them (`p` 0); where some do, at
 * least the sum less each pair's and at least the largest, at most the sum, as a meadow growing
 * three of them is taken off three times. More crops: the largest key, at most the sum.
 */
function cellCounts(grid: GridFilter): {
  atLeast: SQL;
  atMost: SQL;
  exact: SQL;
  twoCrops: boolean;
} {
  if (!grid.overlapping)
    return { atLeast: sql`s`, atMost: sql`s`, exact: sql`true`, twoCrops: false };
  if (grid.pairKeys.length === 1) {
    return { atLeast: sql`s - p`, atMost: sql`s - p`, exact: sql`true`, twoCrops: true };
  }
  if (grid.pairKeys.length > 1) {
    return {
      atLeast: sql`case when p = 0 then s else greatest(largest, s - p) end`,
      atMost: sql`s`,
      exact: sql`p = 0`,
      twoCrops: false,
    };
  }
  return { atLeast: sql`largest`, atMost: sql`s`, exact: sql`keys <= 1`, twoCrops: false };
}

/** `meadow_grid_keys g`, joined to its rows' hours profiles `p` when `grid` asks who is open. */
function gridKeysSource(grid: GridFilter): SQL {
  return grid.openAt
    ? sql`meadow_grid_keys g join meadow_hours_profiles p on p.id = g.hours`
    : sql`meadow_grid_keys g`;
}

/** The conditions on `meadow_grid_keys g` (and `meadow_hours_profiles p`) of what `grid` asks. */
function gridConditions({ keys, pairKeys, months, openAt }: GridFilter): SQL[] {
  const conditions = [
    sql`(${sql.join(
      [
        ...keys.map(({ key, countries }) =>
          countries
            ? sql`(g.key = ${key} and ${inCountries(sql`g.country`, countries)})`
            : sql`g.key = ${key}`,
        ),
        ...pairKeys.map((key) => sql`g.key = ${key}`),
      ],
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
