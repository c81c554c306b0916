import { createServer, type Server } from "node:http";
import { connect, createServer as createNetServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { canConnect } from "../scripts/cluster-parts";
import { closeListening, listen } from "./listening";

const servers: Server[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          closeListening(server, resolve);
        }),
    ),
  );
});

function okServer() {
  const server = createServer((_request, response) => response.end("ok"));
  servers.push(server);
  return server;
}

/**
 * Opens `count` connections at once while every turn of the event loop is busy for a few
 * milliseconds, as under load, and counts the turns until the server has accepted them all.
 */
async function turnsToAccept(server: Server, port: number, count: number): Promise<number> {
  let accepted = 0;
  server.on("connection", () => (accepted += 1));
  for (let i = 0; i < count; i++) clients.push(connect(port, "127.0.0.1"));
  let turns = 0;
  await new Promise<void>((resolve) => {
    const turn = () => {
      turns += 1;
      const until = performance.now() + 2;
      while (performance.now() < until);
      if (accepted >= count || turns > count * 4) resolve();
      else setImmediate(turn);
    };
    setImmediate(turn);
  });
  expect(accepted).toBe(count);
  return turns;
}

/** A keep-alive connection's first answer. */
async function askOnce(port: number): Promise<{ socket: Socket; answer: string }> {
  const socket = connect(port, "127.0.0.1");
  clients.push(socket);
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
  while (!received.endsWith("\r\n\r\nok")) await new Promise((r) => setTimeout(r, 5));
  return { socket, answer: received };
}

describe.runIf(process.platform === "linux")("listening on several sockets", () => {
  it("accepts a burst of connections to a busy process in a few turns, where one socket takes a turn each", async () => {
    const one = okServer();
    const onePort = await listen(one, { port: 0, host: "127.0.0.1", sockets: 1 });
    // libuv's own pace, the reason for more sockets: one connection per socket and turn.
    expect(await turnsToAccept(one, onePort, 40)).toBeGreaterThanOrEqual(40);

    const eight = okServer();
    const eightPort = await listen(eight, { port: 0, host: "127.0.0.1", sockets: 8 });
    expect(await turnsToAccept(eight, eightPort, 40)).toBeLessThanOrEqual(20);
  });

  it("answers down connections whichever socket accepted them", async () => {
    const server = okServer();
    const port = await listen(server, { port: 0, host: "127.0.0.1" });
    const answers = await Promise.all(Array.from({ length: 24 }, () => askOnce(port)));
    for (const { answer } of answers) expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*ok$/);
  });

  it("refuses a port another process listens on, as one socket would", async () => {
    const first = okServer();
    const port = await listen(first, { port: 0, host: "127.0.0.1" });
    // Sharing the port would hand the second process some of the first one's visitors.
    await expect(listen(okServer(), { port, host: "127.0.0.1" })).rejects.toMatchObject({
      code: "EADDRINUSE",
    });

    const plain = createNetServer();
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const taken = (plain.address() as { port: number }).port;
    await expect(listen(okServer(), { port: taken, host: "127.0.0.1" })).rejects.toMatchObject({
      code: "EADDRINUSE",
    });
    await new Promise((resolve) => plain.close(resolve));
  });

  it("stops every socket listening and calls back once their connections have ended", async () => {
    const server = okServer();
    const port = await listen(server, { port: 0, host: "127.0.0.1" });
    const open = await Promise.all(Array.from({ length: 16 }, () => askOnce(port)));
    let closed = false;
    closeListening(server, () => (closed = true));

    for (let i = 0; i < 8; i++) expect(await canConnect(port)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);

    for (const { socket } of open) socket.destroy();
    await expect.poll(() => closed).toBe(true);
  });
});
