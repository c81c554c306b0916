import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { canConnect } from "../scripts/cluster-parts";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "./drain";
import { listen } from "./listening";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose answers to /slow wait for `release`, as a page waiting on its database. */
async function startServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let startedSlow = () => {};
  const slowStarted = new Promise<void>((resolve) => (startedSlow = resolve));
  const server = createServer((request, response) => {
    if (request.url === "/slow") {
      startedSlow();
      void released.then(() => response.end("slow"));
    } else if (request.url !== "/never") {
      response.end("ok");
    }
  });
  servers.push(server);
  const draining = drainable(server);
  // On several sockets, as the app listens: draining closes every one of them.
  const port = await listen(server, { port: 0, host: "127.0.0.1" });
  let closed = false;
  const cut: number[] = [];
  let markClosed = () => {};
  const whenClosed = new Promise<void>((resolve) => (markClosed = resolve));
  const drain = (deadlineMs = 10_000) =>
    draining.drain({
      deadlineMs,
      closed: () => {
        closed = true;
        markClosed();
      },
      cut: (requests) => cut.push(requests),
    });
  return {
    port,
    drain,
    cut,
    release,
    slowStarted,
    whenClosed,
    isClosed: () => closed,
  };
}

/** A keep-alive connection as a proxy's pool holds one, and what it has received so far. */
async function keepAliveConnection(port: number) {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  const ended = new Promise<string>((resolve) => {
    socket.on("close", () => resolve(received));
    socket.on("error", () => resolve(received));
  });
  await new Promise((resolve) => socket.once("connect", resolve));
  const request = (path: string) =>
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
  /** Until the first answer's body ("ok") has come. */
  const firstAnswer = async () => {
    while (!received.endsWith("\r\n\r\nok")) await new Promise((r) => setTimeout(r, 5));
    return received;
  };
  return { request, firstAnswer, ended };
}

/** The answers in what a connection received, each from its status line on. */
function answersIn(received: string): string[] {
  return received.split(/(?=HTTP\/1\.1 )/).filter(Boolean);
}

describe("draining a server", () => {
  it("answers a request already on its way down an idle connection, then closes it", async () => {
    const server = await startServer();
    const client = await keepAliveConnection(server.port);
    client.request("/");
    expect(await client.firstAnswer()).toMatch(/^HTTP\/1\.1 200 [\s\S]*Connection: keep-alive/i);

    // The next request is in the server's socket buffer, not yet read, when draining begins:
    // the connection looks idle, as a pooled one does between two requests.
    client.request("/");
    server.drain();

    const answers = answersIn(await client.ended);
    expect(answers).toHaveLength(2);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200 [\s\S]*Connection: close[\s\S]*ok$/i);
    await server.whenClosed;
    expect(await canConnect(server.port)).toBe(false);
    expect(server.cut).toEqual([]);
  });

  it("tells the client of an answer still being made to close, and ends once it is sent", async () => {
    const server = await startServer();
    const client = await keepAliveConnection(server.port);
    client.request("/slow");
    await server.slowStarted;
    server.drain();
    expect(await canConnect(server.port)).toBe(false);
    expect(server.isClosed()).toBe(false);

    server.release();
    const received = await client.ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 [\s\S]*Connection: close[\s\S]*slow$/i);
    await server.whenClosed;
    expect(server.cut).toEqual([]);
  });

  it("closes a connection left idle after a grace, and one never answered at the deadline", async () => {
    const server = await startServer();
    const idle = await keepAliveConnection(server.port);
    idle.request("/");
    await idle.firstAnswer();
    const hanging = await keepAliveConnection(server.port);
    hanging.request("/never");
    await new Promise((resolve) => setTimeout(resolve, 50));

    server.drain(1_500);
    expect(answersIn(await idle.ended)).toHaveLength(1);
    expect(server.isClosed()).toBe(false);
    expect(await hanging.ended).toBe("");
    await server.whenClosed;
    // The idle connection was nobody's request; the unanswered one is told of.
    expect(server.cut).toEqual([1]);
  });
});
