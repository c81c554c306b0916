import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, type AppProcess } from "../support/app-process";

/**
 * Bodies that arrive a byte at a time (a "slow POST" attack) must not hold up anyone else: a
 * request waits for its body outside the turns every request takes (ADR 46), a client may keep
 * only a few such bodies pending, and a body must arrive within a bounded time.
 */

/** Opens a connection and sends a head announcing `length` bytes of body, and no body yet. */
function slowPost(port: number, forwardedFor: string, length = 100_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.write(
        `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${forwardedFor}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`,
      );
      resolve(socket);
    });
    socket.on("error", reject);
    socket.setEncoding("latin1");
  });
}

/** What the server wrote down `socket` until it closed it or `ms` passed. */
function answerOf(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const done = () => {
      clearTimeout(timer);
      resolve(text);
    };
    const timer = setTimeout(done, ms);
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("close", done);
  });
}

/**
 * A page "at once": held behind the slow bodies' turns it would wait seconds (each body may take
 * 10 s), while a loaded machine running other tests beside this one may take a few hundred ms.
 */
const AT_ONCE_MS = 1_000;

/** Milliseconds `GET /about` took, answered in full with a 200. */
async function timedAbout(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/about`, {
    headers: { "X-Forwarded-For": "198.51.100.200" },
  });
  await response.text();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe("slow request bodies", () => {
  let app: AppProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await spawnApp().ready;
    // The first page made warms the process; the times below are of a warm one.
    for (let i = 0; i < 3; i++) await timedAbout(app.url);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers pages at once while many bodies trickle in, and after", async () => {
    // Sixty slow senders from as many addresses (more than the turns there are), each adding a
    // byte a second.
    for (let i = 0; i < 60; i++) sockets.push(await slowPost(app.port, `203.0.113.${i + 1}`));
    const trickle = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write("a");
    }, 1_000);
    try {
      await sleep(1_500);
      const during: number[] = [];
      for (let i = 0; i < 5; i++) {
        during.push(await timedAbout(app.url));
        await sleep(200);
      }
      expect(Math.max(...during)).toBeLessThan(AT_ONCE_MS);
    } finally {
      clearInterval(trickle);
    }
    for (const socket of sockets.splice(0)) socket.destroy();
    await sleep(100);
    expect(await timedAbout(app.url)).toBeLessThan(AT_ONCE_MS);
  });

  it("refuses a client more bodies pending at once than its share, asking it to retry", async () => {
    for (let i = 0; i < 20; i++) sockets.push(await slowPost(app.port, "192.0.2.7"));
    const answers = await Promise.all(sockets.map((socket) => answerOf(socket, 1_000)));
    const refused = answers.filter((answer) => answer.startsWith("HTTP/1.1 429"));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(20);
    for (const answer of refused) expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
  });

  it("cuts off a body that has not arrived in the time its size allows", async () => {
    const socket = await slowPost(app.port, "192.0.2.8", 20);
    sockets.push(socket);
    const trickle = setInterval(() => !socket.destroyed && socket.write("a"), 2_000);
    try {
      const answer = await answerOf(socket, 20_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(socket.destroyed || socket.readableEnded).toBe(true);
    } finally {
      clearInterval(trickle);
    }
  }, 25_000);
});
