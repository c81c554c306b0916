import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestTurns } from "./request-turns";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * A server whose requests take turns and are answered only when the test says so: `/<name>`
 * begins (is recorded in `begun`) when its turn comes, and ends on `finish(name)`.
 */
async function startServer(atOnce: number, longestTurnMs = 10_000) {
  const turns = createRequestTurns({ atOnce, longestTurnMs });
  const begun: string[] = [];
  const finishers = new Map<string, () => void>();
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    res.on("close", () => turns.end(res));
    void turns.take(req, res).then((mayAnswer) => {
      if (!mayAnswer) return;
      const name = (req.url ?? "/").slice(1);
      begun.push(name);
      finishers.set(name, () => res.end(name));
      for (const wake of waiters.splice(0)) wake();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const ask = (name: string) => {
    const sent = httpRequest({ port, host: "127.0.0.1", path: `/${name}`, agent: false });
    const answered = new Promise<string>((resolve, reject) => {
      sent.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve(body));
      });
      sent.on("error", reject);
    });
    sent.end();
    return { answered, abort: () => sent.destroy() };
  };
  /** Resolves once `count` requests have begun. */
  const begunCount = async (count: number) => {
    while (begun.length < count) await new Promise<void>((wake) => waiters.push(wake));
  };
  /** Resolves once `count` requests wait for their turn. */
  const waitingCount = async (count: number) => {
    while (turns.load().waiting < count) await new Promise((wake) => setTimeout(wake, 5));
  };
  const finish = (name: string) => finishers.get(name)?.();
  return { ask, begun, begunCount, waitingCount, finish, load: turns.load };
}

describe("createRequestTurns", () => {
  it("answers at most `atOnce` requests at a time, the others in the order they came", async () => {
    const server = startServer(2);
    const { ask, begun, begunCount, waitingCount, finish, load } = await server;
    const first = ask("first");
    const second = ask("second");
    await begunCount(2);
    const third = ask("third");
    await waitingCount(1);
    const fourth = ask("fourth");
    await waitingCount(2);
    expect(begun).toEqual(["first", "second"]);
    expect(load()).toEqual({ answering: 2, waiting: 2 });

    finish("second");
    expect(await second.answered).toBe("second");
    await begunCount(3);
    expect(begun).toEqual(["first", "second", "third"]);

    finish("first");
    finish("third");
    await begunCount(4);
    expect(begun).toEqual(["first", "second", "third", "fourth"]);
    finish("fourth");
    expect(await Promise.all([first.answered, third.answered, fourth.answered])).toEqual([
      "first",
      "third",
      "fourth",
    ]);
  });

  it("lets the next request begin when one holds its turn too long, and still answers that one", async () => {
    const { ask, begun, begunCount, finish } = await startServer(1, 50);
    const slow = ask("slow");
    await begunCount(1);
    const next = ask("next");
    await begunCount(2);
    expect(begun).toEqual(["slow", "next"]);
    finish("next");
    finish("slow");
    expect(await next.answered).toBe("next");
    expect(await slow.answered).toBe("slow");
  });

  it("skips a request whose visitor went away while it waited", async () => {
    const { ask, begun, begunCount, waitingCount, finish, load } = await startServer(1);
    const first = ask("first");
    await begunCount(1);
    const gone = ask("gone");
    await waitingCount(1);
    gone.abort();
    await gone.answered.catch(() => {});
    const last = ask("last");
    await waitingCount(2);
    // The server notices the closed socket only once it has read the close.
    await new Promise((wake) => setTimeout(wake, 50));
    finish("first");
    await first.answered;
    await begunCount(2);
    expect(begun).toEqual(["first", "last"]);
    finish("last");
    expect(await last.answered).toBe("last");
    expect(load()).toEqual({ answering: 0, waiting: 0 });
  });
});
