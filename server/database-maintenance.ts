import type { DatabaseHandle } from "../app/adapters/db.server";
import type { Logger } from "../app/adapters/logger.server";
import { startPeriodicTask, type PeriodicTask } from "./periodic-task";

/** The first run waits until start-up and the first visitors are served. */
const FIRST_RUN_MS = 60_000;
/** Then once an hour: PostgreSQL's autovacuum looks every minute, but also runs beside queries. */
const EVERY_MS = 60 * 60_000;

export type DatabaseMaintenance = PeriodicTask;

/**
 * Runs DatabaseHandle.maintain now and then for the embedded database, which has no autovacuum
 * and no checkpointer: without it the planner would never learn how many meadows there are (its
 * plans for search and the map go by that), index-only scans would read the table for every row
 * added since the last VACUUM, and the write-ahead log would keep growing. On PGlite a run holds
 * up other queries while it lasts; it is logged with its duration. PostgreSQL's own autovacuum
 * and checkpointer need no help.
 */
export function startDatabaseMaintenance(
  database: DatabaseHandle,
  logger: Logger,
  { firstRunMs = FIRST_RUN_MS, everyMs = EVERY_MS } = {},
): DatabaseMaintenance {
  if (database.kind !== "pglite") return { stop: async () => {} };
  return startPeriodicTask(
    async () => {
      const started = performance.now();
      try {
        await database.maintain();
        logger.info(
          { durationMs: Math.round(performance.now() - started) },
          "database maintained (vacuum, analyze, checkpoint)",
        );
      } catch (error) {
        logger.error({ err: error }, "database maintenance failed");
      }
    },
    { firstRunMs, everyMs },
  );
}
