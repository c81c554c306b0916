import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import type { Logger } from "../app/adapters/logger.server";

/** The path without its query string, which may carry tokens from emailed links. */
export function safePath(url: string | undefined): string {
  const path = (url ?? "").split("?")[0] ?? "";
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** What a request's line says: never headers, cookies, query strings or bodies. */
function requestLine(req: IncomingMessage, res: ServerResponse, done: { responseTime: number }) {
  return {
    requestId: req.id,
    method: req.method,
    path: safePath(req.url),
    status: res.statusCode,
    durationMs: done.responseTime,
    aborted: !res.writableFinished || undefined,
  };
}

/**
 * One info line per request once its answer ends (pino-http), including answers the server gave
 * up on. The request and response objects stay out of the line, as their headers carry secrets;
 * failures are logged where they happen, with their error.
 */
export function createRequestLog(logger: Logger) {
  const log = pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    customSuccessObject: (req, res, done: { responseTime: number }) => requestLine(req, res, done),
    customErrorObject: (req, res, _error, done: { responseTime: number }) =>
      requestLine(req, res, done),
  });
  return (req: IncomingMessage, res: ServerResponse) => log(req, res);
}
