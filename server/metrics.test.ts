import { describe, expect, it } from "vitest";
import { createMetrics, isMetricsToken } from "./metrics";

/** The value of the sample `name` (labels included) in Prometheus text. */
function sample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe("metrics", () => {
  it("counts requests by method and status, and their durations in cumulative buckets", async () => {
    const metrics = createMetrics();
    metrics.observe("GET", 200, 0.003);
    metrics.observe("GET", 200, 0.2);
    metrics.observe("POST", 303, 0.04);
    metrics.observe("BREW", 405, 12);
    const text = await metrics.render({ database: true });
    expect(sample(text, 'plukweide_http_requests_total{method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'plukweide_http_requests_total{method="POST",status="303"}')).toBe(1);
    expect(sample(text, 'plukweide_http_requests_total{method="other",status="405"}')).toBe(1);
    const bucket = (le: string) =>
      sample(text, `plukweide_http_request_duration_seconds_bucket{le="${le}"}`);
    expect([bucket("0.005"), bucket("0.05"), bucket("0.25"), bucket("10"), bucket("+Inf")]).toEqual(
      [1, 2, 3, 3, 4],
    );
    expect(sample(text, "plukweide_http_request_duration_seconds_count")).toBe(4);
    expect(sample(text, "plukweide_http_request_duration_seconds_sum")).toBeCloseTo(12.243);
    expect(sample(text, "plukweide_database_up")).toBe(1);
    expect(text).not.toContain("plukweide_redis_up");
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text.endsWith("\n")).toBe(true);
    expect(metrics.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
  });

  it("times answers by route, and shows the database pool, the image queue and the requests' turns", async () => {
    const metrics = createMetrics({
      pool: () => ({ total: 7, idle: 3, waiting: 2 }),
      imageQueue: () => ({ active: 2, waiting: 5 }),
      requestTurns: () => ({ answering: 16, waiting: 40 }),
    });
    metrics.observe("GET", 200, 0.02, "routes/meadows/list");
    metrics.observe("GET", 200, 0.3, "routes/meadows/list");
    metrics.observe("GET", 304, 0.001);
    const text = await metrics.render({ database: true });
    expect(
      sample(text, 'plukweide_route_duration_seconds_count{route="routes/meadows/list"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'plukweide_route_duration_seconds_bucket{le="0.025",route="routes/meadows/list"}',
      ),
    ).toBe(1);
    expect(sample(text, 'plukweide_database_pool_connections{state="used"}')).toBe(4);
    expect(sample(text, 'plukweide_database_pool_connections{state="idle"}')).toBe(3);
    expect(sample(text, 'plukweide_database_pool_connections{state="waiting"}')).toBe(2);
    expect(sample(text, 'plukweide_image_jobs{state="processing"}')).toBe(2);
    expect(sample(text, 'plukweide_image_jobs{state="waiting"}')).toBe(5);
    expect(sample(text, 'plukweide_requests_in_progress{state="answering"}')).toBe(16);
    expect(sample(text, 'plukweide_requests_in_progress{state="waiting"}')).toBe(40);
    // Without a pool (the embedded database) there is no pool gauge.
    expect(await createMetrics().render({ database: true })).not.toContain("pool_connections");
  });

  it("says which store does not answer", async () => {
    const text = await createMetrics().render({ database: false, redis: true });
    expect(sample(text, "plukweide_database_up")).toBe(0);
    expect(sample(text, "plukweide_redis_up")).toBe(1);
  });

  it("takes only the bearer token itself", () => {
    const token = "s3cret-metrics-token-0123456789";
    expect(isMetricsToken(`Bearer ${token}`, token)).toBe(true);
    for (const sent of [undefined, "", token, `Basic ${token}`, `Bearer ${token}x`, "Bearer "]) {
      expect(isMetricsToken(sent, token)).toBe(false);
    }
  });
});
