import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database, DatabaseHandle } from "../app/adapters/db.server";
import { createLogger } from "../app/adapters/logger.server";
import { createReadRouting } from "./read-replica";

const primary = { name: "primary" } as unknown as Database;
const replicaDb = { name: "replica" } as unknown as Database;

function replicaThat(answers: () => boolean): DatabaseHandle {
  return {
    db: replicaDb,
    kind: "postgres",
    migrate: async () => {},
    ping: async () => answers(),
    maintain: async () => {},
    close: async () => {},
  };
}

const logger = createLogger("silent");
const visitor = { method: "GET", headers: { cookie: "plukweide.locale=nl" } };
const member = {
  method: "GET",
  headers: { cookie: "plukweide.locale=nl; plukweide.session_token=abc.def" },
};

describe("read routing", () => {
  afterEach(() => vi.useRealTimers());

  it("sends a visitor's page views to the replica and the rest to the primary", () => {
    const routing = createReadRouting(
      primary,
      replicaThat(() => true),
      logger,
    );
    try {
      expect(routing.databaseFor(visitor)).toBe(replicaDb);
      expect(routing.databaseFor({ ...visitor, method: "HEAD" })).toBe(replicaDb);
      expect(routing.databaseFor({ method: "GET", headers: {} })).toBe(replicaDb);
      expect(routing.databaseFor(member)).toBe(primary);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        expect(routing.databaseFor({ ...visitor, method })).toBe(primary);
      }
    } finally {
      routing.stop();
    }
  });

  it("uses the primary for everything without a replica", () => {
    const routing = createReadRouting(primary, undefined, logger);
    expect(routing.databaseFor(visitor)).toBe(primary);
  });

  it("reads from the primary while the replica does not answer, and from it again once it does", async () => {
    vi.useFakeTimers();
    let answers = false;
    const routing = createReadRouting(
      primary,
      replicaThat(() => answers),
      logger,
    );
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(routing.databaseFor(visitor)).toBe(primary);
      answers = true;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(routing.databaseFor(visitor)).toBe(replicaDb);
    } finally {
      routing.stop();
    }
  });
});
