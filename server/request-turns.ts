import type { IncomingMessage, ServerResponse } from "node:http";
import pLimit from "p-limit";

/**
 * Requests are answered a few at a time, in the order they came (ADR 46). Without turns, Node
 * works on every request in progress a little at a time, so under load a request that waits for
 * the database four times waits behind every other request four times. A turn ends when the
 * answer is finished, or after `longestTurnMs` however far it got: a slow upload, a slow reader
 * or a slow outside service holds up the requests behind it for that long at most.
 */
export function createRequestTurns({
  atOnce,
  longestTurnMs,
}: {
  atOnce: number;
  longestTurnMs: number;
}) {
  const limit = pLimit(atOnce);
  /** How to end each turn in progress, by its response. */
  const endings = new WeakMap<ServerResponse, () => void>();
  return {
    /**
     * Resolves when `req` may be answered: true, or false when its visitor went away while it
     * waited. Call `end(res)` once `res` is closed.
     */
    take(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      return new Promise<boolean>((begin) => {
        void limit(
          () =>
            new Promise<void>((endTurn) => {
              if (res.destroyed || req.socket.destroyed) {
                begin(false);
                endTurn();
                return;
              }
              const timer = setTimeout(finish, longestTurnMs);
              function finish() {
                clearTimeout(timer);
                endings.delete(res);
                endTurn();
              }
              endings.set(res, finish);
              begin(true);
            }),
        );
      });
    },
    /**
     * Ends the turn of `res`'s request, if it holds one. The server calls it on each response's
     * "close", which it listens for anyway: a listener of its own on every response would pass
     * Node's warning level of ten on some.
     */
    end(res: ServerResponse): void {
      endings.get(res)?.();
    },
    /** Requests being answered, and waiting for their turn: for /metrics. */
    load: () => ({ answering: limit.activeCount, waiting: limit.pendingCount }),
  };
}
