import type { SQL } from "drizzle-orm";
import { queryManyRowsWith, type Database } from "~/adapters/db.server";

/*
 * Reads whose plan the service chooses rather than PostgreSQL: each runs with planner settings
 * that hold for that query alone.
 */

/**
 * Runs `query` with planner settings changed for it alone, and returns its rows as
 * queryManyRows does (as JSON on PGlite): queryManyRowsWith runs both in one transaction, the
 * settings' names and values bound as parameters (ADR 22). Always off: JIT compilation, which a
 * scan stopping at a LIMIT can trigger by its cost estimate and which costs more than the scan;
 * and parallel workers, which cost more to start than they save on the few hundred rows these
 * reads stop at (ADR 22).
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

/** Runs `query` as rowsWith does, changing no other setting: one process reads it, in order. */
export async function serialRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(db, [], query);
}

/**
 * Runs `query` with bitmap scans off, so index scans stream rows and stop at the LIMIT. The
 * planner guesses that an `earth_box` holds 0.1% of the table whatever its size, so it happily
 * collects every row of a dense radius into a bitmap first and then sorts them; streaming stops
 * after the page or the count cap (ADR 22).
 */
export async function streamingRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(db, ["enable_bitmapscan"], query);
}

/**
 * Runs `query` reading the table in storage order from its first page: a LIMIT then takes rows
 * from all over it, a few thousand (rowsWith starts no parallel workers for them). Synchronized
 * scans stay off: with them on, a scan of a table larger than a quarter of shared_buffers starts
 * where the last one stopped, so each capped read started somewhere else and the same view
 * cost a different time on every read (ADR 22).
 */
export async function tableOrderRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(
    db,
    ["enable_bitmapscan", "enable_indexscan", "synchronize_seqscans"],
    query,
  );
}

/**
 * Runs `query` through bitmaps of the indexes its conditions name (a trigram index: the whole
 * table's, or meadows_area_trgm_idx for a view's cells, as the caller leaves the view's box
 * unindexed; the crops' GIN index, ANDed with the view's GiST bitmap or not; or the crops'
 * index by cell, for crops within a distance, ADR 47), reading the matching rows in storage order
 * and stopping at the LIMIT. Left to itself the planner, misled by the LIMIT, may read the table,
 * the name index or the view's GiST index in the hope of meeting a common-looking word or crop
 * early.
 */
export async function bitmapRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(
    db,
    ["enable_seqscan", "enable_indexscan", "enable_indexonlyscan", "synchronize_seqscans"],
    query,
  );
}
