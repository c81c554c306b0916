import type { Database } from "../app/adapters/db.server";
import type { Logger } from "../app/adapters/logger.server";
import type { ObjectStorage } from "../app/adapters/storage.server";
import { sweepOrphanedImages } from "../app/services/image-sweep.server";

/** Soon after start, once the first requests are served. */
const FIRST_RUN_MS = 10_000;
const EVERY_MS = 60 * 60_000;

export interface ImageSweep {
  /** No more runs; resolves when a run under way has finished, so the database can close. */
  stop(): Promise<void>;
}

/**
 * Removes stored photo and avatar files no row refers to, after start and then hourly, and logs
 * what it removed. Every process may run it: the removal of each image is checked under a lock.
 */
export function startImageSweep(
  db: Database,
  storage: ObjectStorage,
  logger: Logger,
  {
    firstRunMs = FIRST_RUN_MS,
    everyMs = EVERY_MS,
    now = () => new Date(),
  }: { firstRunMs?: number; everyMs?: number; now?: () => Date } = {},
): ImageSweep {
  let stopped = false;
  let running: Promise<void> | undefined;
  let interval: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped || running) return;
    running = sweepOrphanedImages(db, storage, now())
      .then(
        ({ removed, files }) => {
          if (removed.length > 0) {
            logger.info({ images: removed.length, files, removed }, "orphaned image files removed");
          } else logger.debug("no orphaned image files");
        },
        (error: unknown) => logger.error({ err: error }, "orphaned image sweep failed"),
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
