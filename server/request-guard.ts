import type { IncomingMessage, ServerResponse } from "node:http";
import type { StandalonePage } from "./standalone-pages";

/** Largest request body the app accepts: a 15 MB photo plus form fields and multipart framing. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/**
 * A meadow page's photo form without JavaScript sends several photos in one body (with
 * JavaScript each photo is a request of its own): up to 64 MB in all, about a dozen phone photos.
 */
export const MAX_PHOTO_FORM_BYTES = 64 * 1024 * 1024;
const MEADOW_PAGE_PATTERN = /^(\/en|\/nl)?\/meadows\/[^/]+\/?$/;

const PHOTO_API_PATTERN = /^\/api\/meadows\/[^/]+\/photos\/?$/;

/**
 * A photo upload (the API's, or a meadow page's form) reads its own body as it arrives: it is
 * counted against the member's limits and given an upload slot before a byte is kept (ADR 56).
 */
export function readsItsOwnBody(
  method: string | undefined,
  pathname: string,
  contentType: string | undefined,
): boolean {
  if (method !== "POST" || !contentType?.toLowerCase().startsWith("multipart/form-data")) {
    return false;
  }
  return PHOTO_API_PATTERN.test(pathname) || MEADOW_PAGE_PATTERN.test(pathname);
}

function bodyLimit(method: string | undefined, pathname: string): number {
  return method === "POST" && MEADOW_PAGE_PATTERN.test(pathname)
    ? MAX_PHOTO_FORM_BYTES
    : MAX_BODY_BYTES;
}

/** A host name or address with an optional port; nothing else may become a request's host. */
export const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export type GuardResult =
  | { ok: true; pathname: string }
  | {
      ok: false;
      status: 400 | 411 | 413;
      reason: string;
      readBody: boolean;
      /** For a body too large: the path it was sent to, and how many bytes that path takes. */
      tooLarge?: { pathname: string; limit: number };
    };

type Refusal = Extract<GuardResult, { ok: false }>;

/**
 * Rejects what the app should never see: request targets that are not origin-form paths, paths
 * that do not decode, odd Host headers, and bodies larger than the app accepts.
 */
export function checkRequest(req: IncomingMessage): GuardResult {
  const refuse = (status: Refusal["status"], reason: string): Refusal => ({
    ok: false,
    status,
    reason,
    readBody: bodyIsSmall(req),
  });
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) {
    return refuse(400, "malformed request target");
  }
  const host = req.headers.host;
  if (host !== undefined && !HOST_PATTERN.test(host)) {
    return refuse(400, "malformed host header");
  }
  let pathname: string;
  try {
    pathname = new URL(target, "http://localhost").pathname;
    // A path that does not decode, or decodes to a NUL byte, names nothing we serve.
    if (decodeURIComponent(pathname).includes("\0")) throw new URIError("NUL in path");
  } catch {
    return refuse(400, "malformed path");
  }
  const length = statedLength(req);
  if (length !== undefined) {
    if (Number.isNaN(length)) return refuse(400, "malformed content-length");
    const limit = bodyLimit(req.method, pathname);
    if (length > limit) {
      return { ...refuse(413, "request body too large"), tooLarge: { pathname, limit } };
    }
  } else if (req.headers["transfer-encoding"] !== undefined) {
    // Browsers send a length with every form and upload; a body of unknown size is refused rather
    // than read into memory without a bound.
    return refuse(411, "length required");
  }
  return { ok: true, pathname };
}

/** The body's Content-Length: undefined when there is none, NaN when it is not a number. */
function statedLength(req: IncomingMessage): number | undefined {
  const length = req.headers["content-length"];
  if (length === undefined) return undefined;
  return /^\d+$/.test(length) ? Number(length) : NaN;
}

/** No body, or one of a stated length the app would accept anywhere. */
function bodyIsSmall(req: IncomingMessage): boolean {
  const length = statedLength(req);
  if (length === undefined) return req.headers["transfer-encoding"] === undefined;
  return length <= MAX_BODY_BYTES;
}

/**
 * Answers a refused request with `page`, or else a line of plain text. A small body is read and
 * dropped so the sender, still writing it, gets the answer rather than a broken pipe, and the
 * connection stays usable. A body too large or of unknown length is not read: the connection
 * closes after the answer.
 */
export function answerRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
  page?: StandalonePage,
): void {
  const headers: Record<string, string | number> = page
    ? { ...page.headers }
    : { "Content-Type": "text/plain; charset=utf-8" };
  if (refusal.readBody) req.resume();
  else headers.Connection = "close";
  res.writeHead(refusal.status, headers);
  res.end(req.method === "HEAD" ? undefined : (page?.html ?? `${refusal.reason}\n`));
}
