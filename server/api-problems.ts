import type { ServerResponse } from "node:http";
import { catalogueTranslator } from "../app/lib/catalogue-translator";
import { DEFAULT_LANGUAGE, preferredLanguage } from "../app/lib/i18n";
import { API_CORS_HEADERS } from "../app/routes/api/v1/respond.server";

/**
 * Refusals made before the router, or instead of its answer, for paths under /api: RFC 9457
 * problems as the API's own (app/routes/api/v1/respond.server.ts), with its CORS headers, so a
 * program reading the API gets JSON whatever went wrong. Other paths keep their plain line.
 */

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** Each refusal's kind (its anchor on the /api page), title and detail in the catalogues. */
const REFUSALS = {
  400: { kind: "bad-request", title: "badRequest", detail: "malformed" },
  403: { kind: "cross-site", title: "crossSite", detail: "crossSite" },
  405: { kind: "method-not-allowed", title: "methodNotAllowed", detail: "methodNotAllowed" },
  408: { kind: "request-timeout", title: "requestTimeout", detail: "tooSlow" },
  411: { kind: "bad-request", title: "badRequest", detail: "lengthRequired" },
  413: { kind: "too-large", title: "tooLarge", detail: "tooLarge" },
  429: { kind: "too-many-requests", title: "tooManyRequests", detail: "tooManyInProgress" },
  431: { kind: "bad-request", title: "badRequest", detail: "headersTooLarge" },
  503: { kind: "unavailable", title: "unavailable", detail: "unavailable" },
} as const;

export type RefusalStatus = keyof typeof REFUSALS;

/** A problem's body and headers, for a path and query `instance` under /api. */
export function apiProblem(
  status: RefusalStatus,
  instance: string,
  {
    acceptLanguage,
    appUrl,
    retryAfterSeconds,
    allow,
  }: {
    acceptLanguage?: string;
    appUrl: URL;
    retryAfterSeconds?: number;
    /** For a method not allowed: the methods the path takes. */
    allow?: string;
  },
): { body: string; headers: Record<string, string | number> } {
  const language = preferredLanguage(acceptLanguage ?? null) ?? DEFAULT_LANGUAGE;
  const t = catalogueTranslator(language);
  const { kind, title, detail } = REFUSALS[status];
  const body = JSON.stringify({
    type: new URL(`/api#problem-${kind}`, appUrl).href,
    title: t(`openData.problems.${title}`),
    status,
    detail: t(`openData.errors.${detail}`, {
      seconds: retryAfterSeconds ?? 10,
      allow: allow ?? "",
    }),
    instance,
  });
  return {
    body,
    headers: {
      ...API_CORS_HEADERS,
      "Content-Type": "application/problem+json; charset=utf-8",
      "Content-Language": language,
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      ...(retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) }),
      ...(allow === undefined ? {} : { Allow: allow }),
    },
  };
}

/**
 * Answers `status` and closes the connection: a problem under /api, a line of plain text
 * elsewhere. For refusals whose body is not read (too slow, too many, too large).
 */
export function refuseAndClose(
  res: ServerResponse,
  status: RefusalStatus,
  {
    pathname,
    instance,
    method,
    acceptLanguage,
    appUrl,
    retryAfterSeconds,
    reason,
  }: {
    pathname: string;
    instance: string;
    method?: string;
    acceptLanguage?: string;
    appUrl: URL;
    retryAfterSeconds?: number;
    reason: string;
  },
): void {
  const answer = isApiPath(pathname)
    ? apiProblem(status, instance, { acceptLanguage, appUrl, retryAfterSeconds })
    : {
        body: `${reason}\n`,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          ...(retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) }),
        },
      };
  res.writeHead(status, { ...answer.headers, Connection: "close" });
  res.end(method === "HEAD" ? undefined : answer.body);
}

const STATUS_LINES: Record<400 | 408 | 431, string> = {
  400: "400 Bad Request",
  408: "408 Request Timeout",
  431: "431 Request Header Fields Too Large",
};

/**
 * The whole answer, status line included, to a request Node's parser could not read, for the
 * socket itself. `rawPacket` holds the bytes read so far: when they begin with a request line
 * for a path under /api, the answer is a problem in the language the head asks for, if it got
 * that far; else an empty answer.
 */
export function unparseableAnswer(
  status: 400 | 408 | 431,
  rawPacket: Buffer | undefined,
  appUrl: URL,
): string {
  const head = rawPacket?.subarray(0, 32 * 1024).toString("latin1") ?? "";
  const target = /^[A-Z]+ (\/[^ \r\n]*)/.exec(head)?.[1];
  const path = target?.split("?")[0] ?? "";
  const top = `HTTP/1.1 ${STATUS_LINES[status]}\r\nConnection: close\r\n`;
  if (!target || !isApiPath(path)) return `${top}Content-Length: 0\r\n\r\n`;
  const acceptLanguage = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1];
  // A target too long for the head is not repeated whole in the answer.
  const instance = target.length > 2048 ? path.slice(0, 2048) : target;
  const { body, headers } = apiProblem(status, instance, { acceptLanguage, appUrl });
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${top}${lines.join("")}\r\n${body}`;
}
