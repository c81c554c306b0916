import { sql } from "drizzle-orm";
import { queryRows, type Database } from "./db.server";
import type { RedisCommands } from "./redis.server";

/**
 * Fixed-window counters shared by every app process: in PostgreSQL (or PGlite) by default, in
 * Redis when REDIS_URL is set. One statement or script per hit, so concurrent requests cannot
 * both slip under the limit.
 */
export interface Limits {
  /** Counts one hit on `key` and says whether it is still within `max` per `windowMs`. */
  hit(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Whether `key` is already over its limit, without counting a hit. */
  peek(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Forgets `key`, e.g. failed sign-ins after a successful one. */
  reset(key: string): Promise<void>;
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window ends; for a Retry-After header. */
  retryAfter: number;
}

export function createDatabaseLimits(db: Database, now: () => number = Date.now): Limits {
  return {
    async hit(key, rule) {
      const at = now();
      const [row] = await queryRows<{ count: number; started: string }>(
        db,
        sql`insert into rate_limits (key, count, last_request)
            values (${key}, 1, ${at})
            on conflict (key) do update set
              count = case when rate_limits.last_request <= ${at - rule.windowMs} then 1
                           else rate_limits.count + 1 end,
              last_request = case when rate_limits.last_request <= ${at - rule.windowMs} then ${at}
                                  else rate_limits.last_request end
            returning count, last_request as started`,
      );
      return result(Number(row?.count ?? 1), Number(row?.started ?? at), rule, at);
    },
    async peek(key, rule) {
      const at = now();
      const [row] = await queryRows<{ count: number; started: string }>(
        db,
        sql`select count, last_request as started from rate_limits where key = ${key}`,
      );
      if (!row || Number(row.started) <= at - rule.windowMs)
        return { allowed: true, retryAfter: 0 };
      // peek asks whether one more attempt would be allowed.
      return result(Number(row.count) + 1, Number(row.started), rule, at);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

/**
 * One hit or peek, atomically in Redis: a hash of the window's count and start, expiring when
 * the window ends. Times come from the app (`now`), as in the database, and are stored as given.
 * Returns the count (0 when no window is open) and when the window started.
 */
const REDIS_LIMIT_SCRIPT = `
local values = redis.call("HMGET", KEYS[1], "count", "started")
local count = tonumber(values[1])
local started = values[2]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if count == nil or started == false or tonumber(started) <= now - window then
  count = 0
  started = ARGV[1]
end
if ARGV[3] == "hit" then
  count = count + 1
  redis.call("HSET", KEYS[1], "count", count, "started", started)
  redis.call("PEXPIRE", KEYS[1], math.max(tonumber(started) + window - now, 1))
end
return {count, started}
`;

/** Redis keys of the counters start with this, apart from anything else in the same Redis. */
export const REDIS_LIMIT_PREFIX = "plukweide:limit:";

export function createRedisLimits(
  redis: RedisCommands,
  now: () => number = Date.now,
  prefix = REDIS_LIMIT_PREFIX,
): Limits {
  async function run(key: string, rule: LimitRule, action: "hit" | "peek", at: number) {
    const reply = (await redis.eval(REDIS_LIMIT_SCRIPT, {
      keys: [prefix + key],
      arguments: [String(at), String(rule.windowMs), action],
    })) as [number | string, string];
    return { count: Number(reply[0]), started: Number(reply[1]) };
  }
  return {
    async hit(key, rule) {
      const at = now();
      const { count, started } = await run(key, rule, "hit", at);
      return result(count, started, rule, at);
    },
    async peek(key, rule) {
      const at = now();
      const { count, started } = await run(key, rule, "peek", at);
      if (count === 0) return { allowed: true, retryAfter: 0 };
      // peek asks whether one more attempt would be allowed.
      return result(count + 1, started, rule, at);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

function result(count: number, started: number, rule: LimitRule, at: number): LimitResult {
  const allowed = count <= rule.max;
  return {
    allowed,
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil((started + rule.windowMs - at) / 1000)),
  };
}

/**
 * Redis's counters while Redis answers, the database's while it does not (ADR 27): a Redis
 * outage must neither open sign-in to guessing nor lock everyone out. Counts made during the
 * outage stay in the database; each window is short, so the two sets of counts part soon.
 */
export function createLimitsWithFallback(
  preferred: Limits,
  fallback: Limits,
  onFallback: (error: unknown) => void = () => {},
): Limits {
  const attempt =
    <A extends unknown[], R>(call: (limits: Limits) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(preferred)(...args);
      } catch (error) {
        onFallback(error);
        return call(fallback)(...args);
      }
    };
  return {
    hit: attempt((limits) => limits.hit.bind(limits)),
    peek: attempt((limits) => limits.peek.bind(limits)),
    reset: attempt((limits) => limits.reset.bind(limits)),
  };
}
