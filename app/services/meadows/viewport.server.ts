import { sql, type SQL } from "drizzle-orm";
import { onPglite, type Database } from "~/adapters/db.server";
import {
  cellInside,
  gridMatchCounts,
  storedClusters,
  toClusters,
  type MapCluster,
} from "./clusters.server";
import {
  areaConditions,
  clampInteger,
  filterConditions,
  filterCrops,
  gridFilter,
  quotedArray,
  radiusMetres,
  searchText,
  whereClause,
  type GridFilter,
  type MeadowFilters,
} from "./filters.server";
import {
  boundingBoxCondition,
  clusterCellSize,
  normalizeBoundingBox,
  STORED_GRID_LEVELS,
  type BoundingBox,
  type NormalizedBoundingBox,
} from "./geo-sql.server";
import { cropHoursCondition, openCropHoursKeys } from "./hours.server";
import { meadowsInView, textEstimates } from "./plan-estimates.server";
import { bitmapRows, streamingRows, tableOrderRows } from "./planner-settings.server";
import { withWordKeys } from "./word-keys.server";
import {
  candidateCosts,
  matchesToRead,
  RARE_WORD_ROWS,
  readsAreaIndex,
  readsTableOrder,
  readsTextFirst,
} from "./search-plan";

/*
 * The map's viewport query: the pins in a view, or clusters of them, filtered as the list is.
 */

// The wire format the map checks its answers with (app/lib/schemas/viewport-result.ts).
import type { MapPoint, ViewportResult } from "~/lib/schemas/viewport-result";
export type { MapPoint, ViewportResult };

/**
 * How a view's meadows were found, told to viewportMeadows' `onRead` (the benchmark counts them):
 * the stored grid's clusters (and pins of few), the view read in storage order or from its GiST
 * index, or its words looked up in the trigram index (ANDed with the view's GiST bitmap or not)
 * or in the area index of its cells, or its chosen crops in their GIN index ANDed with the view's.
 */
export type ViewportRead =
  | "grid"
  | "table-order"
  | "view-index"
  | "trigram"
  | "trigram-and-view"
  | "area"
  | "crops-and-view";

export interface ViewportParams {
  bbox: BoundingBox;
  zoom: number;
  filters?: MeadowFilters;
}

/** Up to this many meadows in view are sent as pins; more are clustered. */
export const VIEWPORT_POINT_LIMIT = 500;
/** From this zoom on pins are sent even when there are more, up to VIEWPORT_POINT_LIMIT_NEAR. */
export const VIEWPORT_POINTS_ZOOM = 12;
const VIEWPORT_POINT_LIMIT_NEAR = 2_000;

const MAX_ZOOM = 22;

interface PointRow {
  id: string;
  name: string;
  lat: number;
  lng: number;
  city: string;
  price_text: string;
}

/**
 * What the map shows for a view: the pins when at most VIEWPORT_POINT_LIMIT meadows are in
 * view (from zoom VIEWPORT_POINTS_ZOOM on, up to VIEWPORT_POINT_LIMIT_NEAR), otherwise clusters:
 * one per grid cell the view touches (cells are fixed in space, so clusters stay put while the
 * map pans; a cell at the edge counts its meadows just outside the view too).
 *
 * Unfiltered and country-filtered views read the clusters from meadow_grid, which triggers keep
 * current, and views filtered on crops, a month in season or "open now" from meadow_grid_keys
 * (three to eight crops also read the few meadows growing three of them, and the routes ask at
 * most MAP_MAX_CROPS; more than eight would count lower bounds): the cost grows with
 * the cells in view, not with the meadows (past zoom 11, the finest stored level serves), and
 * pins are only fetched when the grid leaves room for few enough. With a text or distance filter
 * at most one more match than the pin limit is read: the pins, or clusters of the first matches
 * (then `complete` is false and the counts are lower bounds).
 */
export async function viewportMeadows(
  db: Database,
  params: ViewportParams,
  { onRead }: { onRead?: (read: ViewportRead) => void } = {},
): Promise<ViewportResult> {
  const zoom = clampInteger(params.zoom, 0, MAX_ZOOM, 0);
  const box = normalizeBoundingBox(params.bbox);
  // One "now" for the grid's counts and the rows' conditions.
  const filters = await withWordKeys(db, {
    ...params.filters,
    now: params.filters?.now ?? new Date(),
  });
  const radius = radiusMetres(filters);
  // The stored grid counts every meadow, and per crop, season and hours (ADR 42); words and a
  // distance read the rows.
  const keyed = gridFilter(filters);
  const usesGrid = !searchText(filters) && radius === undefined;
  const limit = zoom >= VIEWPORT_POINTS_ZOOM ? VIEWPORT_POINT_LIMIT_NEAR : VIEWPORT_POINT_LIMIT;

  // The stored grid bounds the meadows in view: cells wholly inside the view hold at least, all
  // cells it touches at most, what is in view. Past zoom 11 the finest stored level serves.
  // More than eight crops count a lower bound where two grow together (`exact` false).
  let gridClusters: MapCluster[] | undefined;
  let gridExact = true;
  // Crops open now: the keys of the hours open now, which a view of few enough pins reads them
  // by. On PostgreSQL looked up beside the grid, over a second connection; PGlite answers one
  // statement at a time, so there only once the grid leaves room for pins.
  const crops = filterCrops(filters);
  const lookUpOpenCropKeys = () =>
    crops && filters.openNow ? openCropHoursKeys(db, crops, filters.now) : undefined;
  let openCropKeys: Promise<string[] | undefined> | undefined;
  if (usesGrid) {
    if (!onPglite(db)) {
      openCropKeys = lookUpOpenCropKeys();
      // Handled now, so that a view of clusters, which never awaits the keys, leaves no
      // unhandled rejection; a view of pins awaits them and fails with the lookup.
      openCropKeys?.catch(() => {});
    }
    ({ clusters: gridClusters, exact: gridExact } = await storedClusters(
      db,
      box,
      level(zoom),
      filters.country,
      keyed,
    ));
    const inside = gridClusters
      .filter((cluster) => cellInside(cluster.bounds, box))
      .reduce((sum, cluster) => sum + cluster.count, 0);
    if (inside > limit) {
      onRead?.("grid");
      return { kind: "clusters", clusters: gridClusters, complete: gridExact };
    }
  }

  // A text without a radius: the stored grid says how many meadows the view holds, so the
  // cheaper of the two ways to find its matches can be chosen. With a radius, only rare words go
  // text-first.
  const shares =
    radius === undefined && searchText(filters)
      ? await meadowsInView(db, box, level(zoom), filters.country, {
          area: true,
        })
      : undefined;
  // Estimates are for all meadows; `all` counts those of the country filtered on, if any.
  const {
    whole: estimate,
    lookup,
    area,
  } = await textEstimates(db, filters, filters.country ? undefined : shares?.all);
  const plan = shares && { matches: estimate, inView: shares.inView, all: shares.all, pins: limit };
  // The words looked up in the view's cells (areaCost), when that is cheapest.
  const areaCells =
    plan &&
    lookup &&
    area &&
    shares.area &&
    readsAreaIndex({
      ...plan,
      lookups: lookup.words,
      candidates: lookup.candidates,
      cells: shares.area.cells.length,
      inCells: shares.area.inCells,
      // The area index reads each word's rarest trigram's list, as costed for the trigram index.
      lists: lookup.words.map((word) => word.list),
      areaCandidates: area.candidates,
    })
      ? shares.area.cells
      : undefined;
  // With a radius, only rare words go text-first, looked up by all their trigrams.
  const textFirst =
    !areaCells &&
    lookup !== undefined &&
    (plan
      ? readsTextFirst({ ...plan, lookups: lookup.words, candidates: lookup.candidates })
      : estimate <= RARE_WORD_ROWS);
  // Read text-first, the words go to the trigram index; otherwise each row is checked.
  const filterWhere =
    areaCells && area
      ? [...areaConditions(area.keys, areaCells), ...filterConditions({ ...filters, text: "" })]
      : filterConditions(filters, {
          radiusIndex: !textFirst,
          lookups: textFirst && shares ? lookup?.lookups : undefined,
          textIndex: textFirst,
        });
  if (gridClusters) {
    // Few enough in the stored grid's cells inside the view, but perhaps not in all it touches.
    // A crop's few meadows come from a bitmap of a GIN index, as the view's GiST index passes
    // every meadow in view (ADR 42): the index of crops by cell, looked up in the cells the grid
    // found them in, or for crops open now the index of crops by hours (ANDed with the view's
    // when that pays).
    const pointRows = crops ? bitmapRows : streamingRows;
    const openCrops = await (openCropKeys ?? lookUpOpenCropKeys());
    const cropCells =
      crops && !filters.openNow ? cropCellKeys(crops, gridClusters, level(zoom)) : undefined;
    const viewIndexed =
      !cropCells &&
      (!openCrops ||
        !keyed ||
        (await viewBitmapPays(db, box, level(zoom), filters.country, keyed)));
    const points = await pointRows<PointRow>(
      db,
      sql`select m.id, m.name, m.lat, m.lng, m.city, m.price_text
          from meadows m
          ${whereClause([
            boundingBoxCondition(box, { indexed: viewIndexed }),
            ...(openCrops ? [cropHoursCondition(openCrops)] : []),
            ...(cropCells ? [cropCellsCondition(cropCells)] : []),
            // Those keys hold the crops: ANDed in, the crops' own index would pass every meadow
            // growing them (23,000 for a common crop at 1,000,000 meadows).
            ...(openCrops || cropCells
              ? filterConditions(filters, { cropIndex: false })
              : filterWhere),
          ])}
          limit ${limit + 1}`,
    );
    onRead?.("grid");
    if (points.length <= limit) return { kind: "points", points: points.map(toMapPoint) };
    return { kind: "clusters", clusters: gridClusters, complete: gridExact };
  }

  // A filtered view: one read of its matches, up to one more than `cap`, the pins it may show
  // (or fewer when read in storage order, see matchesToRead). All of them read: the pins. More:
  // the clusters of those read, which say they are incomplete. (No clusters of a filtered view
  // are complete, so they need not count whole cells as the stored grid does.)
  //
  // Read in storage order, or from the GiST index nearest the view's centre (readsTableOrder), or
  // through a trigram index (the whole table's, or the view's cells'), in storage order too, for
  // a text it finds more cheaply.
  // Chosen crops without words: a bitmap of their GIN index, ANDed with the view's (ADR 36).
  const cropsFirst = !searchText(filters) && crops !== undefined;
  let read = textFirst || areaCells || cropsFirst ? bitmapRows : streamingRows;
  if (plan && read === streamingRows && readsTableOrder(plan)) read = tableOrderRows;
  const cap =
    shares && read !== streamingRows
      ? matchesToRead(limit, (estimate * shares.inView) / shares.all)
      : limit;
  // Text-first in a small view: the view's GiST bitmap is ANDed with the trigram index's.
  const viewCosts =
    textFirst && plan && lookup
      ? candidateCosts({ ...plan, candidates: lookup.candidates })
      : undefined;
  const andsView = cropsFirst || (viewCosts !== undefined && viewCosts.withView < viewCosts.alone);
  onRead?.(
    cropsFirst
      ? "crops-and-view"
      : areaCells
        ? "area"
        : textFirst
          ? andsView
            ? "trigram-and-view"
            : "trigram"
          : read === tableOrderRows
            ? "table-order"
            : "view-index",
  );
  const [range] = box.lngRanges;
  const centre = range && { lng: (range[0] + range[1]) / 2, lat: (box.south + box.north) / 2 };
  const centreFirst =
    read === streamingRows && centre && box.lngRanges.length === 1
      ? sql`order by point(m.lng, m.lat) <-> point(${centre.lng}::float8, ${centre.lat}::float8)`
      : sql``;
  // One statement answers with the pins or the clusters, counted in SQL: the rows behind the
  // clusters need not travel (on PGlite each row returned costs time, see queryManyRows).
  const cell = clusterCellSize(zoom);
  const rows = await read<PointRow & { count: number | null; cx: number; cy: number }>(
    db,
    sql`with matching as materialized (
          select m.id, m.name, m.lat, m.lng, m.city, m.price_text
          from meadows m
          ${whereClause([boundingBoxCondition(box, { indexed: read === streamingRows || andsView }), ...filterWhere])}
          ${centreFirst}
          limit ${cap + 1}),
        found as (select count(*) as n from matching)
        select id, name, lat, lng, city, price_text, null::int as count, null::int as cx,
          null::int as cy
        from matching where (select n from found) <= ${cap}
        union all
        select min(id), null, avg(lat), avg(lng), null, null, count(*)::int,
          floor(lng / ${cell}::float8)::int, floor(lat / ${cell}::float8)::int
        from (select * from matching limit ${cap}) first
        where (select n from found) > ${cap}
        group by 8, 9`,
  );
  if (rows.every((row) => row.count === null)) {
    return { kind: "points", points: rows.map(toMapPoint) };
  }
  const clusters = rows.map((row) => ({ ...row, count: Number(row.count), sample_id: row.id }));
  return { kind: "clusters", clusters: toClusters(clusters, zoom, cell), complete: false };
}

function toMapPoint(row: PointRow): MapPoint {
  return {
    id: row.id,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    city: row.city,
    priceText: row.price_text,
  };
}

/** The level of the grid cells meadows_crop_cells_idx keys each crop by (migration 0023). */
const CROP_CELLS_LEVEL = 6;
/** More keys than this (crops times cells) and the view's bitmap serves instead. */
const MAX_CROP_CELL_KEYS = 256;

/**
 * The keys of meadows_crop_cells_idx ('apple -4,33') for `crops` in the cells of the stored
 * grid's `level` that hold them (`clusters`): each cell's cell of level 6, or for a coarser
 * level the cells of level 6 inside it. Undefined when there would be too many to look up.
 */
export function cropCellKeys(
  crops: readonly string[],
  clusters: readonly Pick<MapCluster, "key">[],
  gridLevel: number,
): string[] | undefined {
  const cells = new Set<string>();
  const limit = Math.floor(MAX_CROP_CELL_KEYS / crops.length);
  for (const cluster of clusters) {
    const [, x = 0, y = 0] = cluster.key.split("/").map(Number);
    if (gridLevel >= CROP_CELLS_LEVEL) {
      const size = 2 ** (gridLevel - CROP_CELLS_LEVEL);
      cells.add(`${Math.floor(x / size)},${Math.floor(y / size)}`);
    } else {
      const span = 2 ** (CROP_CELLS_LEVEL - gridLevel);
      if (cells.size + span * span > limit) return undefined;
      for (let dx = 0; dx < span; dx++) {
        for (let dy = 0; dy < span; dy++) cells.add(`${x * span + dx},${y * span + dy}`);
      }
    }
    if (cells.size > limit) return undefined;
  }
  return crops.flatMap((crop) => [...cells].map((cell) => `${crop} ${cell}`));
}

/** The index condition for keys from cropCellKeys. */
export function cropCellsCondition(keys: readonly string[]): SQL {
  return sql`meadow_crop_cells(m.crops, m.lat, m.lng) && ${quotedArray(keys)}::text[]`;
}

/** The stored grid's level for a zoom: past zoom 11 the finest serves. */
function level(zoom: number): number {
  return Math.min(zoom, STORED_GRID_LEVELS - 1);
}

/**
 * Whether the view's GiST bitmap is worth ANDing with another index's, whose rows are `grid`'s
 * matches everywhere (in the country): a bitmap of the view costs about a tenth of reading a
 * row, per meadow in view. The planner guesses a view's meadows from a constant (100 where
 * 78,000 were), so it ANDs a whole country's bitmap with a few hundred rows.
 */
async function viewBitmapPays(
  db: Database,
  box: NormalizedBoundingBox,
  viewLevel: number,
  country: string | undefined,
  grid: GridFilter,
): Promise<boolean> {
  // Both at once: on PostgreSQL over two connections.
  const [{ inView }, { atLeast }] = await Promise.all([
    meadowsInView(db, box, viewLevel, country),
    gridMatchCounts(db, country, grid),
  ]);
  return inView < 10 * atLeast;
}
