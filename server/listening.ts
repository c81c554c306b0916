import type { Server as HttpServer } from "node:http";
import { createServer as createNetServer, Server as NetServer } from "node:net";

/**
 * Sockets that listen on the app's port (ADR 48). libuv accepts one connection per listening
 * socket in each turn of the event loop, and under load a turn takes tens of milliseconds: fifty
 * connections opened at once waited up to a second to be accepted, behind requests that came later
 * down connections already open. Each socket accepts its own, so eight take a burst in an eighth
 * of the turns.
 */
const LISTENING_SOCKETS = 8;

/** The sockets listening beside each server's own, which closeListening closes with it. */
const besides = new WeakMap<HttpServer, NetServer[]>();

/**
 * Listens on `port` and `host` with `sockets` sockets that share the port (SO_REUSEPORT, Linux
 * only; elsewhere one), each handing its connections to `server`. The port must be free: another
 * process that shares it would take some of its connections, so a taken port is refused with
 * EADDRINUSE as a single socket's would be. Resolves with the port listened on.
 */
export async function listen(
  server: HttpServer,
  { port, host, sockets = LISTENING_SOCKETS }: { port: number; host?: string; sockets?: number },
): Promise<number> {
  const shared = sockets > 1 && process.platform === "linux";
  if (!shared) {
    await listenOn(server, { port, host });
    return portOf(server);
  }
  // A port chosen by the system is nobody else's; a given one is checked by a socket that does
  // not share, which fails where any other socket holds it.
  if (port !== 0) await listenOn(createNetServer(), { port, host }).then(closeNow);
  await listenOn(server, { port, host, reusePort: true });
  const actual = portOf(server);
  const extra: NetServer[] = [];
  besides.set(server, extra);
  for (let i = 1; i < sockets; i++) {
    // Node's HTTP server turns Nagle's algorithm off for its connections; these do too.
    const socket = createNetServer({ noDelay: true }, (connection) =>
      server.emit("connection", connection),
    );
    await listenOn(socket, { port: actual, host, reusePort: true });
    extra.push(socket);
  }
  return actual;
}

/**
 * Stops every socket of `server` listening, keeping the connections they accepted; `closed`
 * runs once all of those have ended. net.Server's close, not http.Server's, which would also
 * close the connections idle at that instant (ADR 44).
 */
export function closeListening(server: HttpServer, closed: () => void): void {
  const sockets: NetServer[] = [server, ...(besides.get(server) ?? [])];
  let open = sockets.length;
  const oneClosed = () => {
    open -= 1;
    if (open === 0) closed();
  };
  for (const socket of sockets) NetServer.prototype.close.call(socket, oneClosed);
}

function listenOn(
  socket: NetServer,
  options: { port: number; host?: string; reusePort?: boolean },
): Promise<NetServer> {
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.listen(options, () => {
      socket.off("error", reject);
      resolve(socket);
    });
  });
}

function closeNow(socket: NetServer): Promise<void> {
  return new Promise((resolve) => socket.close(() => resolve()));
}

function portOf(server: NetServer): number {
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the server is not listening");
  return address.port;
}
