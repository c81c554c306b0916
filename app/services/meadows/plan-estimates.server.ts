import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/adapters/db.server";
import {
  textWords,
  type AreaKeys,
  type MeadowFilters,
  type TrigramLookups,
} from "./filters.server";
import {
  cellRangeCondition,
  cellRanges,
  clusterCellSize,
  METRES_PER_DEGREE,
  normalizeBoundingBox,
  STORED_GRID_LEVELS,
  type LatLng,
  type NormalizedBoundingBox,
} from "./geo-sql.server";
import {
  AREA_GRID_LEVEL,
  looksUpByRarestTrigram,
  trigramCount,
  type WordLookup,
} from "./search-plan";
import { estimateText } from "./text-sample.server";

/*
 * What the planner decides by, read from the database: how many meadows hold a text (from a sample
 * of their texts) and how many lie in a view or around a point (from the stored map grid).
 */

/**
 * The meadows expected to hold every word of the text (`whole`; infinite without text), and,
 * when every word has a trigram, how the trigram index would look them up (`lookups`), what
 * that costs (`words`) and the meadows holding all it looks up (`candidates`), and the same for
 * the area index, which looks each word up by its rarest trigram (`area`), from one sample
 * (estimateText). `total`: the meadows there are, when known.
 */
export async function textEstimates(
  db: Database,
  filters: MeadowFilters,
  total?: number,
): Promise<{
  whole: number;
  /** The meadows there are, when the text was estimated. */
  meadows?: number;
  lookup?: { lookups: TrigramLookups; words: WordLookup[]; candidates: number };
  area?: { keys: AreaKeys; candidates: number };
}> {
  const words = textWords(filters);
  if (words.length === 0) return { whole: Number.POSITIVE_INFINITY };
  const { matches, rarest, total: meadows } = await estimateText(db, words, total);
  const lookups: TrigramLookups = [];
  const costs: WordLookup[] = [];
  const keys: AreaKeys = [];
  // Candidates: as if the words came independently of each other, and never fewer than match.
  const share = (holding: number) => (meadows > 0 ? Math.min(holding / meadows, 1) : 0);
  let candidates = meadows;
  let areaCandidates = meadows;
  for (const [index, word] of words.entries()) {
    const trigram = rarest[index];
    if (!trigram) return { whole: matches, meadows };
    const own = trigram.wordMatches;
    const alone = looksUpByRarestTrigram(trigram);
    lookups.push({ word, rarest: alone ? trigram : undefined });
    costs.push({ list: trigram.matches, trigrams: alone ? 1 : trigramCount(word) });
    candidates *= share(alone ? trigram.matches : (own ?? trigram.matches));
    // The area index always looks a word up by its rarest trigram alone.
    keys.push({ word, at: trigram.at });
    areaCandidates *= share(trigram.matches);
  }
  const atLeastMatches = (count: number) => Math.max(Math.round(count), matches);
  return {
    whole: matches,
    meadows,
    lookup: { lookups, words: costs, candidates: atLeastMatches(candidates) },
    area: { keys, candidates: atLeastMatches(areaCandidates) },
  };
}

/**
 * About how many meadows lie within `metres` of `near` (in `country`, if given), and how many
 * there are in all, read from the stored map grid: the cells, about half the radius wide, that
 * cover the circle's bounding box. Counts a little more than the circle holds; a few dozen rows.
 */
export async function meadowsAround(
  db: Database,
  near: LatLng,
  metres: number,
  country: string | undefined,
): Promise<{ around: number; all: number }> {
  const radiusDeg = metres / METRES_PER_DEGREE;
  const level = Math.min(
    Math.max(Math.ceil(Math.log2(clusterCellSize(0) / Math.max(radiusDeg / 2, 1e-9))), 0),
    STORED_GRID_LEVELS - 1,
  );
  const lngRadius = radiusDeg / Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01);
  const box = normalizeBoundingBox([
    near.lng - lngRadius,
    near.lat - radiusDeg,
    near.lng + lngRadius,
    near.lat + radiusDeg,
  ]);
  const { inView, all } = await meadowsInView(db, box, level, country);
  return { around: inView, all };
}

/**
 * How many meadows the stored grid has in the cells a view touches, and in all (one statement).
 * With `area` and a level of AREA_GRID_LEVEL or finer, also the cells of AREA_GRID_LEVEL holding
 * those meadows ('cx,cy', as meadow_area_trigrams names them): each cell of a finer level lies in
 * one of them, so the same rows tell, and `inCells`, about how many meadows those larger cells
 * hold, in proportion to their area.
 */
export async function meadowsInView(
  db: Database,
  box: NormalizedBoundingBox,
  level: number,
  country: string | undefined,
  { area = false } = {},
): Promise<{ inView: number; all: number; area?: { cells: string[]; inCells: number } }> {
  const cells = cellRanges(box, clusterCellSize(level));
  const inCountry = country ? sql`and country = ${country.toUpperCase()}` : sql``;
  const shift = level - AREA_GRID_LEVEL;
  const withArea = area && shift >= 0;
  const [row] = await queryRows<{
    in_view: number | null;
    all: number | null;
    area_cells: number[] | null;
  }>(
    db,
    sql`select grid.in_view, grid.area_cells,
          (select sum(count)::int from meadow_grid where level = 0 ${inCountry}) as all
        from (select sum(count)::int as in_view,
            ${withArea ? sql`array_agg(distinct ${areaCellNumber(sql`cx >> ${shift}::int`, sql`cy >> ${shift}::int`)})` : sql`null::int[]`} as area_cells
          from meadow_grid
          where level = ${level} and ${cellRangeCondition(sql`cx`, cells.x)}
            and cy between ${cells.y[0]} and ${cells.y[1]} ${inCountry}) grid`,
  );
  const inView = Number(row?.in_view ?? 0);
  const result = { inView, all: Number(row?.all ?? 0) };
  if (!withArea) return result;
  // The area of the cells of `cellLevel` the view touches, in square degrees.
  const touchedArea = (cellLevel: number) => {
    const size = clusterCellSize(cellLevel);
    const ranges = cellRanges(box, size);
    const columns = ranges.x.reduce((sum, [from, to]) => sum + to - from + 1, 0);
    return columns * (ranges.y[1] - ranges.y[0] + 1) * size ** 2;
  };
  const larger = touchedArea(AREA_GRID_LEVEL) / touchedArea(level);
  return {
    ...result,
    area: {
      cells: (row?.area_cells ?? []).map((number) => areaCellName(Number(number))),
      inCells: Math.round(inView * Math.max(larger, 1)),
    },
  };
}

/**
 * A cell of AREA_GRID_LEVEL as one number, for meadowsInView to gather distinct cells: numbers
 * are cheaper to build and sort than text ('cx,cy'), which sorts by collation (ADR 15). The
 * level's cells number 256 around the world and 128 from pole to pole, so cx and cy lie well
 * within ±AREA_CELL_OFFSET.
 */
const AREA_CELL_OFFSET = 1024;

function areaCellNumber(cx: SQL, cy: SQL): SQL {
  return sql`((${cx}) + ${AREA_CELL_OFFSET}::int) * ${2 * AREA_CELL_OFFSET}::int + (${cy}) + ${AREA_CELL_OFFSET}::int`;
}

/** The name meadow_area_trigrams gives the cell areaCellNumber numbered: 'cx,cy'. */
function areaCellName(number: number): string {
  const span = 2 * AREA_CELL_OFFSET;
  return `${Math.floor(number / span) - AREA_CELL_OFFSET},${(number % span) - AREA_CELL_OFFSET}`;
}
