import type { DatabaseHandle } from "../app/adapters/db.server";
import type { Logger } from "../app/adapters/logger.server";

/** The first run waits until start-up and the first visitors are served. */
const FIRST_RUN_MS = 60_000;
/** Then once an hour: PostgreSQL's autovacuum looks every minute, but also runs beside queries. */
const EVERY_MS = 60 * 60_000;

export interface DatabaseMaintenance {
  /** No more runs; resolves when a run under way has finished, so the database can close. */
  stop(): Promise<void>;
}

/**
 * Runs DatabaseHandle.maintain now and then for the embedded database, which has no autovacuum:
 * without it the planner would never learn how many meadows there are (its plans for search
 * and the map go by that) and index-only scans would read the table for every row added since
 * the last VACUUM. On PGlite a run holds up other queries while it lasts; it is logged with its
 * duration. PostgreSQL's own autovacuum needs no help.
 */
export function startDatabaseMaintenance(
  database: DatabaseHandle,
  logger: Logger,
  { firstRunMs = FIRST_RUN_MS, everyMs = EVERY_MS } = {},
): DatabaseMaintenance {
  if (database.kind !== "pglite") return { stop: async () => {} };
  let stopped = false;
  let running: Promise<void> | undefined;
  let interval: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped || running) return;
    const started = performance.now();
    running = database
      .maintain()
      .then(
        () =>
          logger.info(
            { durationMs: Math.round(performance.now() - started) },
            "database maintained (vacuum, analyze)",
          ),
        (error: unknown) => logger.error({ err: error }, "database maintenance failed"),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, everyMs);
    interval.unref();
  }, firstRunMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
