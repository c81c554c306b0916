import type { Database, DatabaseHandle } from "../app/adapters/db.server";
import type { Logger } from "../app/adapters/logger.server";

/** How often the replica is asked whether it answers, and how long it may take. */
const CHECK_INTERVAL_MS = 5_000;
const CHECK_TIMEOUT_MS = 1_000;

export interface ReadRouting {
  /** The database a request's loaders and actions use (ADR 21). */
  databaseFor(request: { method?: string; headers: { cookie?: string } }): Database;
  stop(): void;
}

/**
 * With DATABASE_READ_URL, a visitor's page views read from the replica. Everything that may
 * write, and everything a signed-in member sees, uses the primary: a member always sees their own
 * writes, and a replica never receives a write it would refuse. While the replica does not answer,
 * every request uses the primary.
 */
export function createReadRouting(
  primary: Database,
  replica: DatabaseHandle | undefined,
  logger: Logger,
): ReadRouting {
  if (!replica) return { databaseFor: () => primary, stop: () => {} };
  let replicaAnswers = true;
  const check = async () => {
    const answers = await replica.ping(CHECK_TIMEOUT_MS);
    if (answers !== replicaAnswers) {
      if (answers) logger.info("the read replica answers again: visitors read from it");
      else logger.warn("the read replica does not answer: every request reads from the primary");
    }
    replicaAnswers = answers;
  };
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  timer.unref();
  void check();
  return {
    databaseFor(request) {
      const reading = request.method === "GET" || request.method === "HEAD";
      const member = request.headers.cookie?.includes("plukweide.session_token") ?? false;
      return reading && !member && replicaAnswers ? replica.db : primary;
    },
    stop: () => clearInterval(timer),
  };
}
