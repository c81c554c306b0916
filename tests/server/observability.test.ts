import { request as httpRequest, type ClientRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, type AppProcess } from "../support/app-process";

/**
 * What an operator follows a request by: its id in the answer and in every line it logged, and
 * its route's latency in /metrics beside the image queue, and how many requests wait their turn.
 */

const TOKEN = "metrics-token-for-the-observability-test";

/** A sign-in whose body never comes: it waits for its body, outside the turns (ADR 57). */
function stuckPost(port: number, forwardedFor: string): ClientRequest {
  const req = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/login",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": "100",
      "x-forwarded-for": forwardedFor,
    },
  });
  req.on("error", () => {});
  req.flushHeaders();
  return req;
}

describe("request ids and route metrics", () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await spawnApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" }).ready;
  });
  afterAll(async () => {
    await app?.stop();
  });
  const metricsText = async () =>
    (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

  it("answers with a request id that its log line carries", async () => {
    const first = await fetch(`${app.url}/about`);
    const second = await fetch(`${app.url}/about`);
    const ids = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = app.logLines().filter((line) => line.msg === "request");
    for (const id of ids) {
      expect(lines.filter((line) => line.requestId === id)).toHaveLength(1);
    }
  });

  it("takes the id of a trusted proxy, and only a well-formed one", async () => {
    // spawnApp trusts 127.0.0.1 as a proxy (TRUSTED_PROXIES), as behind nginx.
    const forwarded = "0123456789abcdef0123456789abcdef";
    const kept = await fetch(`${app.url}/about`, { headers: { "x-request-id": forwarded } });
    expect(kept.headers.get("x-request-id")).toBe(forwarded);
    const odd = await fetch(`${app.url}/about`, { headers: { "x-request-id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("times each route in /metrics and shows the image queue", async () => {
    const page = await fetch(`${app.url}/meadows`);
    expect(page.status).toBe(200);
    // Counted once the answer has ended.
    await page.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = await metricsText();
    expect(text).toMatch(
      /\nplukweide_route_duration_seconds_count\{route="[^"]*meadows[^"]*"\} [1-9]/,
    );
    expect(text).toContain('\nplukweide_image_jobs{state="processing"} 0\n');
    expect(text).toContain('\nplukweide_image_jobs{state="waiting"} 0\n');
  });

  it("keeps requests whose body is still arriving out of the turns, and says how many there are", async () => {
    const turns = async () => {
      const text = await metricsText();
      const gauge = (state: string) =>
        Number(
          new RegExp(`^plukweide_requests_in_progress\\{state="${state}"\\} (\\d+)$`, "m").exec(
            text,
          )?.[1],
        );
      return {
        answering: gauge("answering"),
        waiting: gauge("waiting"),
        arriving: gauge("arriving"),
      };
    };
    // More bodies that never come than there are turns, from as many addresses.
    const stuck = Array.from({ length: 20 }, (_, i) => stuckPost(app.port, `203.0.113.${i + 1}`));
    try {
      await expect
        .poll(turns, { interval: 10 })
        .toEqual({ answering: 0, waiting: 0, arriving: 20 });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${app.url}/about`)).status).toBe(200);
    } finally {
      for (const req of stuck) req.destroy();
    }
    await expect.poll(async () => (await turns()).arriving, { interval: 10 }).toBe(0);
  });
});
