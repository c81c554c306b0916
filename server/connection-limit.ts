import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { ProxyTrust } from "./forwarded";

/**
 * Connections open at once from one address (ADR 57). A browser opens six or so to a site, an
 * office behind one address a few dozen; a client holding hundreds open, each sending its head
 * a byte at a time, is refused. Trusted proxies are not counted: every client behind them shares
 * their address, and their own pools reuse connections.
 */
export function limitConnections(
  server: Server,
  {
    perAddress,
    trust,
    retryAfterSeconds,
  }: { perAddress: number; trust: ProxyTrust; retryAfterSeconds: number },
) {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    if (address === "" || trust.trusts(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
    if (count > perAddress) {
      // Answered before any request is read; the connection closes once the answer is written.
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${retryAfterSeconds}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 29\r\nConnection: close\r\n\r\nToo many connections at once\n`,
        () => socket.destroy(),
      );
    }
  });
  return { openFrom: (address: string) => open.get(address) ?? 0 };
}
