import type { Database } from "../app/adapters/db.server";
import type { Logger } from "../app/adapters/logger.server";
import type { ObjectStorage } from "../app/adapters/storage.server";
import { sweepOrphanedImages } from "../app/services/image-sweep.server";
import { startPeriodicTask, type PeriodicTask } from "./periodic-task";

/** Soon after start, once the first requests are served. */
const FIRST_RUN_MS = 10_000;
const EVERY_MS = 60 * 60_000;

export type ImageSweep = PeriodicTask;

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
  return startPeriodicTask(
    async () => {
      try {
        const { removed, files } = await sweepOrphanedImages(db, storage, now());
        if (removed.length > 0) {
          logger.info({ images: removed.length, files, removed }, "orphaned image files removed");
        } else logger.debug("no orphaned image files");
      } catch (error) {
        logger.error({ err: error }, "orphaned image sweep failed");
      }
    },
    { firstRunMs, everyMs },
  );
}
