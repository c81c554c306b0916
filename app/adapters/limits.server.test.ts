import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../tests/support/databases";
import { queryRows } from "./db.server";
import {
  createDatabaseLimits,
  createLimitsWithFallback,
  createRedisLimits,
  type LimitRule,
  type Limits,
} from "./limits.server";
import { openRedis, type RedisHandle } from "./redis.server";

const rule: LimitRule = { max: 3, windowMs: 60_000 };
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** Where counters live: each test file's process sees the same ones through every `limits`. */
interface LimitStore {
  /** Limits as one app process has them; Redis gives each a connection of its own. */
  limits(now: () => number): Promise<Limits>;
  countOf(key: string): Promise<number | undefined>;
  close(): Promise<void>;
}

interface LimitBackend {
  name: string;
  open(): Promise<LimitStore>;
}

const backends: LimitBackend[] = [
  ...testEngines.map((engine) => ({
    name: engine.name,
    async open(): Promise<LimitStore> {
      const handle = await engine.open();
      await handle.migrate();
      return {
        limits: async (now) => createDatabaseLimits(handle.db, now),
        async countOf(key) {
          const [row] = await queryRows<{ count: number }>(
            handle.db,
            sql`select count from rate_limits where key = ${key}`,
          );
          return row === undefined ? undefined : Number(row.count);
        },
        close: () => handle.close(),
      };
    },
  })),
  ...(testRedisUrl
    ? [
        {
          name: "redis",
          async open(): Promise<LimitStore> {
            // Keys of this run only, beside whatever else the server holds; they expire.
            const prefix = `plukweide-test:${randomBytes(6).toString("hex")}:`;
            const handles: RedisHandle[] = [];
            const reader = await createClient({ url: testRedisUrl }).connect();
            return {
              async limits(now) {
                const handle = await openRedis(testRedisUrl);
                handles.push(handle);
                return createRedisLimits(handle.client, now, prefix);
              },
              async countOf(key) {
                const count = await reader.hGet(prefix + key, "count");
                return count === null || count === undefined ? undefined : Number(count);
              },
              async close() {
                await Promise.all(handles.map((handle) => handle.close()));
                await reader.close();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(backends)("rate limits on $name", (backend) => {
  let store: LimitStore;
  let clock = 1_800_000_000_000;
  const now = () => clock;
  let keyCount = 0;
  /** Each test counts on keys of its own. */
  const freshKey = () => `test:${backend.name}:${++keyCount}`;
  const countOf = (key: string) => store.countOf(key);
  const createLimits = () => store.limits(now);

  beforeAll(async () => {
    store = await backend.open();
  });
  afterAll(() => store.close());

  it("allows max hits per window, then refuses with the seconds left", async () => {
    const limits = await createLimits();
    const key = freshKey();
    const started = clock;
    for (let i = 0; i < rule.max; i++) {
      expect(await limits.hit(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    }
    clock = started + 15_000;
    expect(await limits.hit(key, rule)).toEqual({ allowed: false, retryAfter: 45 });
    clock = started + 59_001;
    expect(await limits.hit(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    expect(await countOf(key)).toBe(5);
  });

  it("peeks without counting: whether one more attempt would be allowed", async () => {
    const limits = await createLimits();
    const key = freshKey();
    expect(await limits.peek(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await countOf(key)).toBeUndefined();
    await limits.hit(key, rule);
    await limits.hit(key, rule);
    expect(await limits.peek(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limits.peek(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await countOf(key)).toBe(2);
    await limits.hit(key, rule);
    expect(await limits.peek(key, rule)).toEqual({ allowed: false, retryAfter: 60 });
    expect(await countOf(key)).toBe(3);
  });

  it("forgets a key on reset, and only that key", async () => {
    const limits = await createLimits();
    const key = freshKey();
    const other = freshKey();
    for (let i = 0; i <= rule.max; i++) {
      await limits.hit(key, rule);
      await limits.hit(other, rule);
    }
    expect((await limits.peek(key, rule)).allowed).toBe(false);
    await limits.reset(key);
    expect(await countOf(key)).toBeUndefined();
    expect(await limits.peek(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limits.hit(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect((await limits.peek(other, rule)).allowed).toBe(false);
    // Resetting a key that was never hit is fine.
    await limits.reset(freshKey());
  });

  it("starts a new window once windowMs has passed since the window began", async () => {
    const limits = await createLimits();
    const key = freshKey();
    const started = clock;
    for (let i = 0; i <= rule.max; i++) await limits.hit(key, rule);
    clock = started + rule.windowMs - 1;
    expect(await limits.peek(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    expect((await limits.hit(key, rule)).allowed).toBe(false);

    clock = started + rule.windowMs;
    expect(await limits.peek(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limits.hit(key, rule)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await countOf(key)).toBe(1);
    // The new window runs from its first hit, not from the end of the old one.
    for (let i = 1; i < rule.max; i++) await limits.hit(key, rule);
    clock = started + rule.windowMs + 30_000;
    expect(await limits.hit(key, rule)).toEqual({ allowed: false, retryAfter: 30 });
  });

  it("counts concurrent hits exactly", async () => {
    const limits = await createLimits();
    const key = freshKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limits.hit(key, { max: 19, windowMs: 60_000 })),
    );
    expect(await countOf(key)).toBe(20);
    expect(results.filter((result) => result.allowed)).toHaveLength(19);
    expect(results.filter((result) => !result.allowed)).toHaveLength(1);
  });

  it("keeps limits of separate processes in one count", async () => {
    // Two app processes share the database: each has its own Limits, the count is one.
    const first = await createLimits();
    const second = await createLimits();
    const key = freshKey();
    await Promise.all([first.hit(key, rule), second.hit(key, rule), first.hit(key, rule)]);
    expect(await second.hit(key, rule)).toEqual({ allowed: false, retryAfter: 60 });
  });

  it("counts a new key's first hits from two processes at once", async () => {
    // Both insert the row at the same moment: one must count on, not fail on a duplicate key.
    const first = await createLimits();
    const second = await createLimits();
    for (let round = 0; round < 100; round++) {
      const key = freshKey();
      const results = await Promise.all([first.hit(key, rule), second.hit(key, rule)]);
      expect(results).toEqual([
        { allowed: true, retryAfter: 0 },
        { allowed: true, retryAfter: 0 },
      ]);
      expect(await countOf(key)).toBe(2);
    }
  });
});

describe("limits with a fallback", () => {
  /** Counters in memory, enough to tell which store counted. */
  function memoryLimits(): Limits & { counts: Map<string, number> } {
    const counts = new Map<string, number>();
    return {
      counts,
      async hit(key, limit) {
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        return { allowed: count <= limit.max, retryAfter: count <= limit.max ? 0 : 60 };
      },
      async peek(key, limit) {
        return { allowed: (counts.get(key) ?? 0) < limit.max, retryAfter: 0 };
      },
      async reset(key) {
        counts.delete(key);
      },
    };
  }

  it("counts in the preferred store while it answers, and in the fallback while it does not", async () => {
    const preferred = memoryLimits();
    const fallback = memoryLimits();
    let down = false;
    const failures: unknown[] = [];
    const flaky: Limits = {
      hit: (key, limit) => (down ? Promise.reject(new Error("down")) : preferred.hit(key, limit)),
      peek: (key, limit) => (down ? Promise.reject(new Error("down")) : preferred.peek(key, limit)),
      reset: (key) => (down ? Promise.reject(new Error("down")) : preferred.reset(key)),
    };
    const limits = createLimitsWithFallback(flaky, fallback, (error) => failures.push(error));

    await limits.hit("sign-in", rule);
    expect(preferred.counts.get("sign-in")).toBe(1);
    down = true;
    for (let i = 0; i < rule.max; i++) await limits.hit("sign-in", rule);
    // Still limited while the preferred store is away: the fallback refuses the fourth.
    expect(await limits.hit("sign-in", rule)).toEqual({ allowed: false, retryAfter: 60 });
    expect((await limits.peek("sign-in", rule)).allowed).toBe(false);
    await limits.reset("sign-in");
    expect(fallback.counts.has("sign-in")).toBe(false);
    expect(failures).toHaveLength(rule.max + 3);
    down = false;
    await limits.hit("sign-in", rule);
    expect(preferred.counts.get("sign-in")).toBe(2);
  });
});
