import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, type AppProcess } from "../support/app-process";
import { createFreshPostgresDatabase, testDatabaseUrl } from "../support/databases";
import { Visitor } from "../support/visitor";

/**
 * Behind a load balancer several app processes share one PostgreSQL database, and a rate limit
 * must hold across them: requests to either process count against the same window.
 */
describe.runIf(testDatabaseUrl)("rate limits across two app processes on PostgreSQL", () => {
  let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
  let apps: AppProcess[];

  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase();
    const env = { DATABASE_URL: fresh.url };
    // One after the other: both would run the migrations at once otherwise.
    apps = [await spawnApp(env).ready];
    apps.push(await spawnApp(env).ready);
  });
  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.stop()));
    await fresh?.drop();
  });

  /** How many times the rate_limits row of `key` was hit in its window, as the database has it. */
  async function storedCount(key: string): Promise<number> {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        "select count from rate_limits where key = $1",
        [key],
      );
      return Number(rows[0]?.count ?? 0);
    } finally {
      await client.end();
    }
  }

  it("counts reset mails to one address sent through either process", async () => {
    const email = "two-processes@example.org";
    const statuses: number[] = [];
    // Each visitor has an address of its own, so only the per-address limit (3) can refuse.
    for (const app of [apps[0]!, apps[1]!, apps[0]!, apps[1]!, apps[0]!]) {
      const visitor = new Visitor(() => app.url);
      statuses.push((await visitor.post("/forgot-password", { email })).status);
    }
    expect(statuses.map((status) => status === 429)).toEqual([false, false, false, true, true]);
    expect(await storedCount(`mail:address:${email}`)).toBe(5);
  });

  it("lets exactly the limit through when both processes are asked at once", async () => {
    const email = "at-once@example.org";
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const app = apps[i % 2]!;
        return (await new Visitor(() => app.url).post("/forgot-password", { email })).status;
      }),
    );
    expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
    expect(await storedCount(`mail:address:${email}`)).toBe(8);
  });
});
