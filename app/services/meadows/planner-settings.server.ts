import type { SQL } from "drizzle-orm";
import { queryManyRowsWith, type Database } from "../../adapters/db.server";

/*
 * Reads whose plan the service chooses rather than PostgreSQL: each runs with planner settings
 * that hold for that query alone.
 */

/**
 * Runs `query` with planner settings changed for it alone, and returns its rows as
 * queryManyRows does (as JSON on PGlite): queryManyRowsWith runs both in one transaction, the
 * settings' names and values bound as parameters. Always off: JIT compilation, as PostgreSQL
 * compiles a plan whose cost estimate passes jit_above_cost, as a scan stopping at a LIMIT can,
 * which took 13 ms of 18 for a filtered map view at 1,000,000 meadows, to save far less; and
 * parallel workers, which PostgreSQL started for a bitmap of the area index and which, for the
 * few hundred rows these reads stop at, cost more to start than they save (a sparse view at
 * 100,000 meadows: 18 to 27 ms with two workers, on a CPU about 11).
 */
async function rowsWith<Row>(db: Database, settings: PlannerSetting[], query: SQL): Promise<Row[]> {
  const values: Record<string, string> = { jit: "off", max_parallel_workers_per_gather: "0" };
  for (const setting of settings) values[setting] = "off";
  return queryManyRowsWith<Row>(db, values, query);
}

type PlannerSetting =
  | "enable_bitmapscan"
  | "enable_indexscan"
  | "enable_indexonlyscan"
  | "enable_seqscan"
  | "synchronize_seqscans";

/**
 * Runs `query` with bitmap scans off, so index scans stream rows and stop at the LIMIT. The
 * planner guesses that an `earth_box` holds 0.1% of the table whatever its size, so it happily
 * collects every row in a radius into a bitmap first (at 1,000,000 meadows, 100,000 rows in a
 * dense 25 km, ~60 ms) and then sorts them; streaming stops after the page or the count cap.
 */
export async function streamingRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(db, ["enable_bitmapscan"], query);
}

/**
 * Runs `query` reading the table in storage order from its first page: a LIMIT then takes rows
 * from all over it, a few thousand (rowsWith starts no parallel workers for them). Synchronized
 * scans stay off: with them on, a scan of a table larger than a quarter of shared_buffers starts
 * where the last one stopped, so each capped read started somewhere else and cost 1.3 to 9 ms
 * for the same view (measured at 100,000 meadows).
 */
export async function tableOrderRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(
    db,
    ["enable_bitmapscan", "enable_indexscan", "synchronize_seqscans"],
    query,
  );
}

/**
 * Runs `query` through a bitmap of a trigram index (meadows_search_trgm_idx, or
 * meadows_area_trgm_idx for a view's cells: the only index its conditions can use, as the
 * caller leaves the view's box unindexed), reading the matching rows in storage order and
 * stopping at the LIMIT. Left to itself the planner, misled by the LIMIT, may read the table or
 * the name index in the hope of meeting a common-looking word early.
 */
export async function trigramRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(
    db,
    ["enable_seqscan", "enable_indexscan", "enable_indexonlyscan", "synchronize_seqscans"],
    query,
  );
}
