import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ProxyTrust } from "./forwarded";

/** What a proxy may send as the request's id (nginx's $request_id is 32 hex digits). */
const FORWARDED_ID = /^[\w.:-]{8,64}$/;

/**
 * The id that ties a request's log lines to its answer (`X-Request-Id`): the trusted proxy's,
 * so its own log lines match, or a new one.
 */
export function requestIdOf(req: IncomingMessage, proxies: ProxyTrust): string {
  const forwarded = req.headers["x-request-id"];
  if (
    typeof forwarded === "string" &&
    FORWARDED_ID.test(forwarded) &&
    proxies.trusts(req.socket.remoteAddress ?? "")
  ) {
    return forwarded;
  }
  return randomUUID();
}
