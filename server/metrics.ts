import { createHash, timingSafeEqual } from "node:crypto";

/**
 * `/metrics` in Prometheus' text format (version 0.0.4): this process's requests, their
 * durations, its memory and CPU, and whether its stores answer. Each app process keeps its own
 * counts; behind a load balancer Prometheus scrapes every process, as it does /healthz.
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

export function createMetrics() {
  const requests = new Map<string, number>();
  const bucketCounts = DURATION_BUCKETS.map(() => 0);
  let durationSum = 0;
  let durationCount = 0;

  return {
    /** Counts one answered request. */
    observe(method: string | undefined, status: number, seconds: number) {
      const name = method && METHODS.has(method) ? method : "other";
      const key = `method="${name}",status="${Math.trunc(status)}"`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      DURATION_BUCKETS.forEach((bound, index) => {
        if (seconds <= bound) bucketCounts[index] = (bucketCounts[index] ?? 0) + 1;
      });
      durationSum += seconds;
      durationCount += 1;
    },

    render(health: StoreHealth): string {
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const lines = [
        "# HELP plukweide_http_requests_total Requests answered, by method and status.",
        "# TYPE plukweide_http_requests_total counter",
        ...[...requests]
          .sort()
          .map(([labels, n]) => `plukweide_http_requests_total{${labels}} ${n}`),
        "# HELP plukweide_http_request_duration_seconds Time from request to the end of the answer.",
        "# TYPE plukweide_http_request_duration_seconds histogram",
        ...DURATION_BUCKETS.map(
          (bound, index) =>
            `plukweide_http_request_duration_seconds_bucket{le="${bound}"} ${bucketCounts[index]}`,
        ),
        `plukweide_http_request_duration_seconds_bucket{le="+Inf"} ${durationCount}`,
        `plukweide_http_request_duration_seconds_sum ${durationSum}`,
        `plukweide_http_request_duration_seconds_count ${durationCount}`,
        "# HELP plukweide_database_up Whether the database answered just now.",
        "# TYPE plukweide_database_up gauge",
        `plukweide_database_up ${health.database ? 1 : 0}`,
        ...(health.redis === undefined
          ? []
          : [
              "# HELP plukweide_redis_up Whether Redis answered just now.",
              "# TYPE plukweide_redis_up gauge",
              `plukweide_redis_up ${health.redis ? 1 : 0}`,
            ]),
        "# HELP process_resident_memory_bytes Resident memory of this process.",
        "# TYPE process_resident_memory_bytes gauge",
        `process_resident_memory_bytes ${memory.rss}`,
        "# HELP nodejs_heap_used_bytes JavaScript heap in use.",
        "# TYPE nodejs_heap_used_bytes gauge",
        `nodejs_heap_used_bytes ${memory.heapUsed}`,
        "# HELP process_cpu_seconds_total CPU time of this process, user and system.",
        "# TYPE process_cpu_seconds_total counter",
        `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
        "# HELP process_start_time_seconds When this process started, in Unix time.",
        "# TYPE process_start_time_seconds gauge",
        `process_start_time_seconds ${Math.round(Date.now() / 1000 - process.uptime())}`,
      ];
      return `${lines.join("\n")}\n`;
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
