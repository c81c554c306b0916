import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { closeListening } from "./listening";

/**
 * How long a connection that was idle when draining began may stay open: a client that uses it
 * meanwhile is answered (and told to close); one that has not by then is not about to.
 */
const IDLE_GRACE_MS = 1_000;

/**
 * Stopping a server without cutting off a request that has reached it. Node's `server.close()`
 * closes every keep-alive connection idle at that instant, including one whose next request is
 * already in the socket's buffer (a proxy's pool reuses connections the moment an answer ends),
 * and that request is lost; and it goes on serving requests down the connections still busy,
 * which a proxy's pool keeps busy under load. Draining answers both: every answer from then on
 * says `Connection: close`, and idle connections close after a grace.
 */
export function drainable(server: Server) {
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("Connection", "close");
  };
  // Before the app's own listener, which may answer at once.
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) closeAfterAnswer(response);
    open.add(response);
    response.once("close", () => open.delete(response));
  });

  return {
    /**
     * Refuses new connections, answers what reaches the open ones and closes each after its
     * answer; all of them go by `deadlineMs`, `cut` told how many answers were unfinished then.
     * `closed` runs once no connection is left.
     */
    drain({
      deadlineMs,
      closed,
      cut,
    }: {
      deadlineMs: number;
      closed: () => void;
      cut?: (requests: number) => void;
    }) {
      draining = true;
      for (const response of open) closeAfterAnswer(response);
      const idle = setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS).unref();
      const deadline = setTimeout(() => {
        if (open.size > 0) cut?.(open.size);
        server.closeAllConnections();
      }, deadlineMs).unref();
      // Stops listening without dropping idle connections, and calls back once every
      // connection has ended.
      closeListening(server, () => {
        clearInterval(idle);
        clearTimeout(deadline);
        closed();
      });
    },
  };
}
