import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * `/metrics` for Prometheus (prom-client): this process's requests, their durations, its memory,
 * CPU and event loop, and whether its stores answer. Each app process keeps its own counts;
 * behind a load balancer Prometheus scrapes every process, as it does /healthz.
 */

/** Upper bounds of the duration histogram, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Methods counted by name; any other is "other", so a client cannot add labels at will. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface StoreHealth {
  database: boolean;
  /** Absent when the app keeps no Redis. */
  redis?: boolean;
}

export interface MetricSources {
  /** The PostgreSQL pool's connections; absent on the embedded database. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Image jobs processing and waiting their turn (app/adapters/images.server.ts). */
  imageQueue?: () => { active: number; waiting: number };
  /**
   * Requests being answered, waiting for their turn (server/request-turns.ts), and whose body is
   * still arriving (server/body-arrival.ts).
   */
  requestTurns?: () => { answering: number; waiting: number; arriving?: number };
}

export function createMetrics(sources: MetricSources = {}) {
  // A registry per app rather than prom-client's global one, so tests can make several.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "plukweide_http_requests_total",
    help: "Requests answered, by method and status.",
    labelNames: ["method", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "plukweide_http_request_duration_seconds",
    help: "Time from request to the end of the answer.",
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const routeDurations = new Histogram({
    name: "plukweide_route_duration_seconds",
    help: "Time from request to the end of the answer, by the route that answered it.",
    labelNames: ["route"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  /** A gauge with one value per `state`, read from `read` whenever /metrics is asked for. */
  const stateGauge = (name: string, help: string, read: () => Record<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        for (const [state, value] of Object.entries(read())) this.set({ state }, value);
      },
    });
  const { pool, imageQueue, requestTurns } = sources;
  if (pool) {
    stateGauge(
      "plukweide_database_pool_connections",
      "The database pool's connections, by state: in use, idle, and requests waiting for one.",
      () => {
        const { total, idle, waiting } = pool();
        return { used: total - idle, idle, waiting };
      },
    );
  }
  if (imageQueue) {
    stateGauge(
      "plukweide_image_jobs",
      "Uploaded images being processed, and waiting their turn.",
      () => {
        const { active, waiting } = imageQueue();
        return { processing: active, waiting };
      },
    );
  }
  if (requestTurns) {
    stateGauge(
      "plukweide_requests_in_progress",
      "Requests being answered, waiting for their turn, and whose body is still arriving.",
      requestTurns,
    );
  }
  const databaseUp = new Gauge({
    name: "plukweide_database_up",
    help: "Whether the database answered just now.",
    registers: [registry],
  });
  // Registered once Redis reports, so an app without Redis shows no Redis gauge.
  let redisUp: Gauge | undefined;

  return {
    /** The Content-Type of what `render` returns. */
    contentType: registry.contentType,

    /** Counts one answered request; `route` is the route id when the router answered it. */
    observe(method: string | undefined, status: number, seconds: number, route?: string) {
      const name = method && METHODS.has(method) ? method : "other";
      requests.inc({ method: name, status: String(Math.trunc(status)) });
      durations.observe(seconds);
      // Route ids come from the build's own manifest, never from the request: a bounded set.
      if (route !== undefined) routeDurations.observe({ route }, seconds);
    },

    async render(health: StoreHealth): Promise<string> {
      databaseUp.set(health.database ? 1 : 0);
      if (health.redis !== undefined) {
        redisUp ??= new Gauge({
          name: "plukweide_redis_up",
          help: "Whether Redis answered just now.",
          registers: [registry],
        });
        redisUp.set(health.redis ? 1 : 0);
      }
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Whether `authorization` carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever was sent and however long it is.
 */
export function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}
