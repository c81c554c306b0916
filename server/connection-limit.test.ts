import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { limitConnections } from "./connection-limit";
import { createProxyTrust } from "./forwarded";

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => resolve(socket));
    socket.on("error", reject);
    socket.setEncoding("latin1");
  });
}

/** What the server wrote down `socket` until it closed it, or "" if it is still open after `ms`. */
function closingAnswer(socket: Socket, ms = 300): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const timer = setTimeout(() => resolve(""), ms);
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

describe("limitConnections", () => {
  let server: Server;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  async function serve(trusted: string[]): Promise<number> {
    server = createServer((_req, res) => res.end("ok"));
    limitConnections(server, {
      perAddress: 2,
      trust: createProxyTrust(trusted),
      retryAfterSeconds: 10,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  it("answers 429 with Retry-After to a connection over the address's bound, and closes it", async () => {
    const port = await serve([]);
    for (let i = 0; i < 3; i++) sockets.push(await open(port));
    const answers = await Promise.all(sockets.map((socket) => closingAnswer(socket)));
    expect(answers.slice(0, 2)).toEqual(["", ""]);
    expect(answers[2]).toMatch(/^HTTP\/1\.1 429 [^]*\r\nRetry-After: 10\r\n/);
  });

  it("makes room again once a connection closes", async () => {
    const port = await serve([]);
    for (let i = 0; i < 2; i++) sockets.push(await open(port));
    sockets.shift()!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    sockets.push(await open(port));
    expect(await closingAnswer(sockets[1]!)).toBe("");
  });

  it("does not count the connections of a trusted proxy", async () => {
    const port = await serve(["127.0.0.1"]);
    for (let i = 0; i < 4; i++) sockets.push(await open(port));
    const answers = await Promise.all(sockets.map((socket) => closingAnswer(socket)));
    expect(answers).toEqual(["", "", "", ""]);
  });
});
