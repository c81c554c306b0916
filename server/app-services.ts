import type { DatabaseHandle } from "../app/adapters/db.server";
import { createGeocoder } from "../app/adapters/geocoder.server";
import { createPlaceNames } from "../app/adapters/places.server";
import {
  createDatabaseLimits,
  createLimitsWithFallback,
  createRedisLimits,
} from "../app/adapters/limits.server";
import type { Logger } from "../app/adapters/logger.server";
import { createMailer, type QueuedMailer } from "../app/adapters/mail.server";
import type { RedisHandle } from "../app/adapters/redis.server";
import { createStorage } from "../app/adapters/storage.server";
import type { AppServices } from "../app/context";
import type { Config } from "../app/env.server";
import { createAuth } from "../app/services/auth.server";
import { removeAccountFiles } from "../app/services/profiles.server";

/**
 * The services every loader and action gets through appContext, made once when the server
 * starts; the server adds the request's own (its logger, its database, the build) to each.
 */
export function createAppServices({
  config,
  logger,
  database,
  redis,
}: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  redis?: RedisHandle;
}): Omit<AppServices, "buildId" | "mailer"> & { mailer: QueuedMailer } {
  const mailer = createMailer(config, logger);
  const storage = createStorage(config);
  return {
    config,
    db: database.db,
    logger,
    mailer,
    limits: redis
      ? createLimitsWithFallback(
          createRedisLimits(redis.client),
          createDatabaseLimits(database.db),
          logRedisFallback(logger),
        )
      : createDatabaseLimits(database.db),
    storage,
    geocoder: createGeocoder(config, database.db, logger),
    places: createPlaceNames(),
    auth: createAuth({
      config,
      db: database.db,
      mailer,
      logger,
      beforeDeleteUser: (userId) => removeAccountFiles(database.db, storage, userId),
    }),
  };
}

/** One warning per Redis outage, not one per request counted in the database meanwhile. */
function logRedisFallback(logger: Logger) {
  let lastWarned = 0;
  return (error: unknown) => {
    if (Date.now() - lastWarned < 60_000) return;
    lastWarned = Date.now();
    logger.warn({ err: error }, "redis does not answer: rate limits count in the database");
  };
}
