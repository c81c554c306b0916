import { sql, type SQL } from "drizzle-orm";
import { onPglite, queryManyRows, queryRows, type Database } from "~/adapters/db.server";
import {
  cellRangeCondition,
  cellRanges,
  clusterCellSize,
  inCountries,
  type BoundingBox,
  type NormalizedBoundingBox,
} from "./geo-sql.server";
import { quotedArray, type GridFilter } from "./filters.server";
import { openNowCondition } from "./hours.server";
import { bitmapRows } from "./planner-settings.server";

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
 * meadow counts under each it grows, and under each two of them: see countCell, and `exact`
 * says whether every cell's count is (up to MAX_PAIRED_CROPS crops, always).
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
  // Three to MAX_PAIRED_CROPS crops: those growing three or more of them are found one by one
  // (few, through the index of each three crops), which makes every cell exact. On PostgreSQL
  // both reads at once, over two connections, so the view waits for the longer only; PGlite
  // answers one statement at a time, so there the meadows are read only when a cell counts
  // three pairs, which only a meadow growing three of the crops can make.
  const severalCrops = grid.pairKeys.length > 1;
  const alongside = severalCrops && !onPglite(db);
  const [rows, grownThreeAlongside] = await Promise.all([
    queryManyRows<CellRow>(db, perCell(gridKeysSource(grid), where)),
    alongside ? severalCropsExtra(db, grid, level, country) : undefined,
  ]);
  // A meadow growing three of the crops counts under three of their pairs in its cell.
  const crowded = rows.filter((row) => Number(row.p) >= 3);
  const grownThree =
    grownThreeAlongside ??
    (severalCrops && crowded.length > 0 ? await severalCropsExtra(db, grid, level, country) : []);
  const extra = extraOf(grownThree, crowded);
  const counted = rows.map((row) => countCell(row, grid, extra.get(`${row.cx},${row.cy}`)));
  return {
    clusters: toClusters(
      counted.map(({ row }) => row),
      level,
      cell,
    ),
    exact: counted.every((one) => one.exact),
  };
}

/** perCell's columns of one cell, as the drivers hand them over. */
interface CellRow {
  cx: number;
  cy: number;
  s: number | string;
  p: number | string;
  largest: number | string;
  keys: number | string;
  s_lat: number | string;
  p_lat: number | string;
  s_lng: number | string;
  p_lng: number | string;
  sample_id: string;
}

/** What the meadows growing three or more of the crops add to their cell (see countCell). */
interface Extra {
  n: number;
  lat: number;
  lng: number;
}

/**
 * A cell's cluster from perCell's columns. One crop, a month or "open now": a meadow counts under
 * one key, so the sum (`s`). Several crops, up to MAX_PAIRED_CROPS: a meadow growing j of them
 * counts j times under the crops and j(j-1)/2 under their pairs, so `s - p` counts it once for
 * j of 1 or 2, and `extra` adds 1 - j + j(j-1)/2 for each growing more. More crops: the largest
 * key, a lower bound where several grow.
 */
function countCell(
  row: CellRow,
  grid: GridFilter,
  extra: Extra | undefined,
): { row: ClusterRow; exact: boolean } {
  const s = Number(row.s);
  const p = Number(row.p);
  if (grid.overlapping && grid.pairKeys.length === 0) {
    return {
      row: {
        cx: row.cx,
        cy: row.cy,
        count: Number(row.largest),
        lat: Number(row.s_lat) / s,
        lng: Number(row.s_lng) / s,
        sample_id: row.sample_id,
      },
      exact: Number(row.keys) <= 1,
    };
  }
  const count = s - p + (extra?.n ?? 0);
  return {
    row: {
      cx: row.cx,
      cy: row.cy,
      count,
      lat: (Number(row.s_lat) - Number(row.p_lat) + (extra?.lat ?? 0)) / count,
      lng: (Number(row.s_lng) - Number(row.p_lng) + (extra?.lng ?? 0)) / count,
      sample_id: row.sample_id,
    },
    // Up to MAX_PAIRED_CROPS, `extra` holds every cell where a meadow may grow three of them.
    exact: true,
  };
}

/**
 * Per cell at `level`, what the meadows growing three or more of `grid`'s crops add to its
 * `s - p` (see countCell), with their positions; in every cell, not only the view's (extraOf
 * keeps those). A meadow counts a crop as the grid's rows do: in season in one of `months`
 * there, and the meadow open at `openAt`, when asked. Meadows growing three of the crops are
 * found by the keys of each three of them, in one lookup of the index of each meadow's three
 * crops (migration 0027); a cell is a stored grid cell, worked out as the grid's triggers do.
 */
async function severalCropsExtra(
  db: Database,
  grid: GridFilter,
  level: number,
  country: string | undefined,
): Promise<ExtraRow[]> {
  const crops = grid.crops;
  // The index's keys: ids in byte order, as meadow_crop_triples joins them.
  const sorted = [...crops].sort();
  const triples = sorted.flatMap((a, i) =>
    sorted.slice(i + 1).flatMap((b, j) => sorted.slice(i + j + 2).map((c) => `${a}+${b}+${c}`)),
  );
  const size = sql`meadow_grid_cell_size(${level}::integer)`;
  const inSeason =
    grid.months.length === 0
      ? sql``
      : sql`and ${inSeasonCondition(grid.months, sql`c.months`, sql`m.country`)}`;
  const open = grid.openAt
    ? sql`and ${openNowCondition(grid.openAt, {
        openMinutes: sql`m.open_minutes`,
        closedOnHolidays: sql`m.closed_on_holidays`,
        country: sql`m.country`,
      })}`
    : sql``;
  // Through the index of three crops, without parallel workers, which cost PostgreSQL 8 ms to
  // start for a few hundred rows.
  return bitmapRows<ExtraRow>(
    db,
    sql`select cx, cy, sum(weight)::int as n, sum(weight * lat) as lat, sum(weight * lng) as lng
        from (select floor(m.lng / ${size})::int as cx, floor(m.lat / ${size})::int as cy,
            m.lat, m.lng, 1 - grown.j + grown.j * (grown.j - 1) / 2 as weight
          from meadows m
            cross join lateral (
              select count(*)::int as j from unnest(m.crops, m.crop_months) as c(id, months)
              where c.id = any(${quotedArray(crops)}::text[]) ${inSeason}
            ) as grown
          where cardinality(m.crops) >= 3
            and meadow_crop_triples(m.crops) && ${quotedArray(triples)}::text[]
            and grown.j >= 3 ${open}
            ${country ? sql`and m.country = ${country.toUpperCase()}` : sql``}) as grown_three
        group by cx, cy`,
  );
}

/** severalCropsExtra's columns of one cell, as the drivers hand them over. */
interface ExtraRow {
  cx: number;
  cy: number;
  n: number | string;
  lat: number | string;
  lng: number | string;
}

/**
 * What severalCropsExtra found, in the `cells` where meadows may grow three of the crops. It
 * reads every cell such meadows lie in, few: those of `cells` are kept (a list of cells in the
 * statement cost more to plan than its rows to read).
 */
function extraOf(
  rows: readonly ExtraRow[],
  cells: readonly { cx: number; cy: number }[],
): Map<string, Extra> {
  const extra = new Map<string, Extra>(
    cells.map((cell) => [`${cell.cx},${cell.cy}`, { n: 0, lat: 0, lng: 0 }]),
  );
  for (const row of rows) {
    const key = `${row.cx},${row.cy}`;
    if (!extra.has(key)) continue;
    extra.set(key, { n: Number(row.n), lat: Number(row.lat), lng: Number(row.lng) });
  }
  return extra;
}

/**
 * How many meadows `grid` counts everywhere (in `country`), from the coarsest level's few rows, in
 * one statement: `atMost` and `atLeast` as matchBounds tells them, the same where it is exact.
 */
export async function gridMatchCounts(
  db: Database,
  country: string | undefined,
  grid: GridFilter,
): Promise<{ atMost: number; atLeast: number }> {
  const [row] = await queryRows<{ at_most: number; at_least: number }>(
    db,
    matchCountsQuery(country, grid),
  );
  return { atMost: Number(row?.at_most ?? 0), atLeast: Number(row?.at_least ?? 0) };
}

/**
 * How many meadows `grid` counts in the cells of `level` given by `rows` (a column range per row
 * of cells), at least and at most (as gridMatchCounts, from the crops' rows and their pairs'),
 * and how many meadows those cells hold in all; in one statement.
 */
export async function gridMatchesInCells(
  db: Database,
  country: string | undefined,
  grid: GridFilter,
  {
    level,
    rows,
  }: { level: number; rows: readonly { cy: number; cx: readonly [number, number] }[] },
): Promise<{ atLeast: number; atMost: number; meadows: number }> {
  if (rows.length === 0) return { atLeast: 0, atMost: 0, meadows: 0 };
  const inCells = (prefix: SQL) =>
    sql`(${sql.join(
      rows.map(
        ({ cy, cx: [from, to] }) =>
          sql`(${prefix}cy = ${cy} and ${prefix}cx between ${from} and ${to})`,
      ),
      sql` or `,
    )})`;
  const inCountry = country ? sql`and country = ${country.toUpperCase()}` : sql``;
  const [row] = await queryRows<{ at_least: number; at_most: number; meadows: number | null }>(
    db,
    sql`select counted.at_least, counted.at_most,
          (select sum(count)::int from meadow_grid
            where level = ${level} and ${inCells(sql``)} ${inCountry}) as meadows
        from (${matchCountsQuery(country, grid, { level, cells: inCells(sql`g.`) })}) as counted`,
  );
  return {
    atLeast: Number(row?.at_least ?? 0),
    atMost: Number(row?.at_most ?? 0),
    meadows: Number(row?.meadows ?? 0),
  };
}

/** gridMatchCounts' statement, over the coarsest level or over `cells` of `level`. */
function matchCountsQuery(
  country: string | undefined,
  grid: GridFilter,
  { level = 0, cells }: { level?: number; cells?: SQL } = {},
): SQL {
  const counts = matchBounds(grid);
  const where = sql`where g.level = ${level} and ${sql.join(gridConditions(grid), sql` and `)}
    ${cells ? sql`and ${cells}` : sql``}
    ${country ? sql`and g.country = ${country.toUpperCase()}` : sql``}`;
  return sql`select coalesce(sum(${counts.atMost}), 0)::int as at_most,
      coalesce(sum(${counts.atLeast}), 0)::int as at_least
    from (${perCell(gridKeysSource(grid), where)}) as per_cell`;
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
 * Bounds of a cell's matches from perCell's columns, without reading meadows (countCell says
 * why): one crop, a month or "open now" `s`; two crops `s - p`; three to MAX_PAIRED_CROPS `s`
 * where no meadow grows two of them, else at least `s - p` and the largest crop, at most `s`;
 * more crops at least the largest, at most `s`.
 */
function matchBounds(grid: GridFilter): { atLeast: SQL; atMost: SQL } {
  if (!grid.overlapping) return { atLeast: sql`s`, atMost: sql`s` };
  if (grid.pairKeys.length === 1) return { atLeast: sql`s - p`, atMost: sql`s - p` };
  if (grid.pairKeys.length > 1) {
    return {
      atLeast: sql`case when p = 0 then s else greatest(largest, s - p) end`,
      atMost: sql`s`,
    };
  }
  return { atLeast: sql`largest`, atMost: sql`s` };
}

/**
 * One of `months` has its bit in `monthsColumn` (a month mask), each month for its countries
 * (`countryColumn`) or all of them.
 */
function inSeasonCondition(
  months: GridFilter["months"],
  monthsColumn: SQL,
  countryColumn: SQL,
): SQL {
  const inMonth = ({ month, countries }: GridFilter["months"][number]) => {
    const season = sql`${monthsColumn} & ${1 << (month - 1)}::smallint <> 0`;
    return countries ? sql`(${inCountries(countryColumn, countries)} and ${season})` : season;
  };
  return sql`(${sql.join(months.map(inMonth), sql` or `)})`;
}

/**
 * `meadow_grid_keys g` joined to its rows' hours profiles `p` when `grid` asks who is open; else
 * its rows of all hours together (meadow_grid_keys_all_hours, migration 0028), fewer by the
 * number of hours in each cell.
 */
function gridKeysSource(grid: GridFilter): SQL {
  return grid.openAt
    ? sql`meadow_grid_keys g join meadow_hours_profiles p on p.id = g.hours`
    : sql`meadow_grid_keys_all_hours g`;
}

/** The conditions on `meadow_grid_keys g` (and `meadow_hours_profiles p`) of what `grid` asks. */
function gridConditions({ keys, pairKeys, months, openAt }: GridFilter): SQL[] {
  // Keys of every country in one array: one index scan of them all, and a statement that plans
  // in a fraction of the time 36 ORed conditions took (eight crops and their pairs).
  const everywhere = [
    ...keys.filter(({ countries }) => !countries).map(({ key }) => key),
    ...pairKeys,
  ];
  const conditions = [
    sql`(${sql.join(
      [
        ...(everywhere.length > 0 ? [sql`g.key = any(${quotedArray(everywhere)}::text[])`] : []),
        ...keys.flatMap(({ key, countries }) =>
          countries ? [sql`(g.key = ${key} and ${inCountries(sql`g.country`, countries)})`] : [],
        ),
      ],
      sql` or `,
    )})`,
  ];
  if (months.length > 0) conditions.push(inSeasonCondition(months, sql`g.months`, sql`g.country`));
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
