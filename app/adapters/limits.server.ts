import { sql } from "drizzle-orm";
import { queryRows, type Database } from "./db.server";

/**
 * Fixed-window counters shared by every app process: in PostgreSQL (or PGlite) by default. One
 * statement per hit, so concurrent requests cannot both slip under the limit.
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

function result(count: number, started: number, rule: LimitRule, at: number): LimitResult {
  const allowed = count <= rule.max;
  return {
    allowed,
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil((started + rule.windowMs - at) / 1000)),
  };
}
