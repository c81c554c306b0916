import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { getWithRetry } from "./fetch-with-retry";

let server: Server | undefined;

/** A real HTTP server that answers with the given statuses in turn. */
async function serve(statuses: number[]): Promise<{ url: string; requests: () => number }> {
  let count = 0;
  server = createServer((_req, res) => {
    const status = statuses[Math.min(count, statuses.length - 1)] ?? 200;
    count += 1;
    res.writeHead(status).end(String(status));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/version.json`, requests: () => count };
}

afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise((resolve) => open.close(resolve));
});

describe("getWithRetry", () => {
  it("retries 5xx answers and returns the first good one", async () => {
    const { url, requests } = await serve([503, 502, 200]);
    const response = await getWithRetry(url, { baseDelayMs: 1 });
    expect(response.status).toBe(200);
    expect(requests()).toBe(3);
  });

  it("gives up after three attempts with the last answer", async () => {
    const { url, requests } = await serve([500]);
    const response = await getWithRetry(url, { baseDelayMs: 1 });
    expect(response.status).toBe(500);
    expect(requests()).toBe(3);
  });

  it("does not retry a 4xx answer", async () => {
    const { url, requests } = await serve([404]);
    expect((await getWithRetry(url, { baseDelayMs: 1 })).status).toBe(404);
    expect(requests()).toBe(1);
  });

  it("retries network errors, then throws", async () => {
    // A port that was just free: connections are refused at once.
    const { url } = await serve([200]);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    await expect(getWithRetry(url, { baseDelayMs: 1 })).rejects.toThrow();
  });
});
