import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createBodyArrival, type Arrival, type BodyArrivalOptions } from "./body-arrival";

const OPTIONS: BodyArrivalOptions = {
  inMemoryBytes: 1024,
  perClient: 2,
  total: 3,
  shortestMs: 200,
  bytesPerSecond: 1024 * 1024,
  longestMs: 1_000,
};

describe("body arrival", () => {
  let server: Server | undefined;
  const parent = mkdtempSync(path.join(tmpdir(), "body-arrival-test-"));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
  });

  /** A server that waits for each body and answers what it read, or the kind of arrival. */
  async function serve(options: Partial<BodyArrivalOptions> = {}) {
    const arrival = createBodyArrival({ ...OPTIONS, spoolParent: parent, ...options });
    const seen: Arrival["kind"][] = [];
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      res.on("close", () => arrival.end(res));
      const client = String(req.headers["x-client"]);
      void arrival
        .wait(req, res, client, Number(req.headers["content-length"]))
        .then(async (got) => {
          seen.push(got.kind);
          if (got.kind !== "arrived") {
            res.writeHead(got.kind === "refused" ? got.status : 408, { Connection: "close" });
            res.end();
            return;
          }
          res.end(Buffer.from(await new Response(got.body()).arrayBuffer()));
        });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port, seen, arrival };
  }

  function post(port: number, client: string, body: Buffer | undefined, length: number) {
    return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          headers: { "content-length": String(length), "x-client": client },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      if (body) req.end(body);
      else req.flushHeaders();
    });
  }

  it("hands over small bodies from memory and large ones from a file removed afterwards", async () => {
    const { port } = await serve();
    const small = Buffer.from("name=value");
    const large = Buffer.alloc(200_000, 7);
    expect((await post(port, "a", small, small.length)).body).toEqual(small);
    expect((await post(port, "a", large, large.length)).body).toEqual(large);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [folder] = readdirSync(parent);
    expect(readdirSync(path.join(parent, folder!))).toEqual([]);
  });

  it("refuses a client past its bodies at once, and the process past its own", async () => {
    const { port } = await serve();
    const waiting = [post(port, "a", undefined, 10), post(port, "a", undefined, 10)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await post(port, "a", undefined, 10)).status).toBe(429);
    void post(port, "b", undefined, 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await post(port, "c", undefined, 10)).status).toBe(503);
    // Those still waiting are cut off once their time is up.
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([408, 408]);
  });

  it("cuts off a body at its deadline however it trickles", async () => {
    const { port, seen } = await serve();
    expect((await post(port, "a", undefined, 10)).status).toBe(408);
    expect(seen).toEqual(["too-slow"]);
  });

  it("removes its folder when closed", async () => {
    const own = mkdtempSync(path.join(tmpdir(), "body-arrival-close-"));
    const { port, arrival } = await serve({ spoolParent: own });
    const large = Buffer.alloc(5_000, 1);
    await post(port, "a", large, large.length);
    expect(readdirSync(own)).toHaveLength(1);
    await arrival.close();
    expect(readdirSync(own)).toEqual([]);
    rmSync(own, { recursive: true, force: true });
  });
});
