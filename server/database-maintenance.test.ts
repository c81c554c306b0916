import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../app/adapters/db.server";
import { createLogger } from "../app/adapters/logger.server";
import { startDatabaseMaintenance } from "./database-maintenance";

function fakeDatabase(kind: DatabaseHandle["kind"], runMs = 0, failures = 0) {
  const runs: { started: number; finished?: number }[] = [];
  let failing = failures;
  const database = {
    kind,
    async maintain() {
      const run: { started: number; finished?: number } = { started: performance.now() };
      runs.push(run);
      await sleep(runMs);
      run.finished = performance.now();
      if (failing-- > 0) throw new Error("disk full");
    },
  } as unknown as DatabaseHandle;
  return { database, runs };
}

function recordingLogger() {
  const lines: { level: string; msg: string; durationMs?: number; err?: { message: string } }[] =
    [];
  const logger = createLogger("debug", {
    write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]),
  });
  return { logger, lines };
}

describe("startDatabaseMaintenance", () => {
  it("maintains the embedded database after start-up, then again and again", async () => {
    const { database, runs } = fakeDatabase("pglite");
    const { logger, lines } = recordingLogger();
    const started = performance.now();
    const maintenance = startDatabaseMaintenance(database, logger, { firstRunMs: 40, everyMs: 20 });
    await sleep(20);
    expect(runs).toHaveLength(0);
    await sleep(100);
    await maintenance.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]!.started - started).toBeGreaterThanOrEqual(35);
    const done = lines.filter(
      (line) => line.msg === "database maintained (vacuum, analyze, checkpoint)",
    );
    expect(done).toHaveLength(runs.length);
    expect(done.every((line) => line.level === "info" && typeof line.durationMs === "number")).toBe(
      true,
    );
    const count = runs.length;
    await sleep(60);
    expect(runs).toHaveLength(count);
  });

  it("logs a failed run and tries again at the next one", async () => {
    const { database, runs } = fakeDatabase("pglite", 0, 1);
    const { logger, lines } = recordingLogger();
    const maintenance = startDatabaseMaintenance(database, logger, { firstRunMs: 0, everyMs: 20 });
    await sleep(70);
    await maintenance.stop();
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "database maintenance failed",
      err: { message: "disk full" },
    });
    expect(lines[1]).toMatchObject({ level: "info" });
  });

  it("never overlaps runs, and stopping waits for the one under way", async () => {
    const { database, runs } = fakeDatabase("pglite", 50);
    const { logger } = recordingLogger();
    const maintenance = startDatabaseMaintenance(database, logger, { firstRunMs: 0, everyMs: 10 });
    await sleep(30);
    expect(runs).toHaveLength(1);
    await maintenance.stop();
    expect(runs[0]!.finished).toBeDefined();
    for (const [index, run] of runs.entries()) {
      if (index > 0) expect(run.started).toBeGreaterThanOrEqual(runs[index - 1]!.finished!);
    }
  });

  it("leaves PostgreSQL to its autovacuum", async () => {
    const { database, runs } = fakeDatabase("postgres");
    const { logger } = recordingLogger();
    const maintenance = startDatabaseMaintenance(database, logger, { firstRunMs: 0, everyMs: 10 });
    await sleep(40);
    await maintenance.stop();
    expect(runs).toHaveLength(0);
  });
});
