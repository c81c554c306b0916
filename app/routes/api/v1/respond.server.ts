import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { appContext, clientIpContext } from "~/context";
import { catalogueTranslator } from "~/lib/catalogue-translator";
import { DEFAULT_LANGUAGE, preferredLanguage } from "~/lib/i18n";
import { matchesIfNoneMatch } from "~/lib/if-none-match";
import type { ApiFormat, Problem } from "~/lib/schemas/open-data";
import { hitApiLimit, LIMITS } from "~/services/account-limits";

/*
 * What every answer of the open data API shares (DESIGN.md "Routes": /api/v1): CORS for any
 * origin, a strong ETag with 304 for If-None-Match, a minute in any cache, a rate limit per
 * client address, and RFC 9457 problems with titles in the client's language.
 */

/** Answers change when a member edits a meadow; a minute old is fresh enough for a copy. */
export const API_CACHE_CONTROL = "public, max-age=60";

/** Headers every API answer carries, refusals and preflights included. */
export const API_CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After, Link",
};

export const PROBLEM_KINDS = {
  "invalid-parameter": { status: 400, title: "openData.problems.invalidParameter" },
  "not-found": { status: 404, title: "openData.problems.notFound" },
  "too-many-requests": { status: 429, title: "openData.problems.tooManyRequests" },
} as const;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

/** The client's language for problems: Accept-Language's first of ours, else English. */
function languageOf(request: Request) {
  return preferredLanguage(request.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;
}

/** The path and query asked for, as a problem's `instance`. */
function instanceOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** An `application/problem+json` answer; `detail` is a catalogue key with its values. */
export function problem(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: ProblemKind,
  detail: { key: string; values?: Record<string, unknown> },
  extra: { parameter?: string; headers?: Record<string, string> } = {},
): Response {
  const t = catalogueTranslator(languageOf(request));
  const { status, title } = PROBLEM_KINDS[kind];
  const { config } = context.get(appContext);
  const body: Problem = {
    type: new URL(`/api#problem-${kind}`, config.appUrl).href,
    title: t(title as never),
    status,
    detail: String(t(detail.key as never, detail.values as never)),
    instance: instanceOf(request),
    ...(extra.parameter ? { parameter: extra.parameter } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...API_CORS_HEADERS,
      "Content-Type": "application/problem+json; charset=utf-8",
      "Content-Language": languageOf(request),
      "Cache-Control": "no-store",
      Vary: "Accept, Accept-Language",
      ...extra.headers,
    },
  });
}

/**
 * Counts the request against its client's limit (per address, shared by every process as the
 * other limits are); a 429 problem once it is over, else undefined.
 */
export async function refuseOverLimit(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Response | undefined> {
  const { limits } = context.get(appContext);
  const result = await hitApiLimit(limits, context.get(clientIpContext));
  if (result.allowed) return undefined;
  return problem(
    request,
    context,
    "too-many-requests",
    {
      key: "openData.errors.tooManyRequests",
      values: { max: LIMITS.apiRequestsPerIp.max, seconds: result.retryAfter },
    },
    { headers: { "Retry-After": String(result.retryAfter) } },
  );
}

/** GeoJSON when `format=geojson`, or when Accept names it before (or instead of) plain JSON. */
export function negotiatedFormat(request: Request, format: ApiFormat | undefined): ApiFormat {
  if (format) return format;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  const geo = accept.indexOf("application/geo+json");
  if (geo === -1) return "json";
  const json = accept.search(/application\/json(?![+\w])/);
  return json === -1 || geo < json ? "geojson" : "json";
}

export const CONTENT_TYPES: Record<ApiFormat, string> = {
  json: "application/json; charset=utf-8",
  geojson: "application/geo+json; charset=utf-8",
};

/** A strong validator: the body's SHA-256, so equal bodies have equal tags on every process. */
export function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** A 200 with `body` as JSON (or GeoJSON), or a 304 when the client already holds it. */
export function apiAnswer(
  request: Request,
  body: unknown,
  { format = "json", headers = {} }: { format?: ApiFormat; headers?: Record<string, string> } = {},
): Response {
  const text = JSON.stringify(body);
  const tag = entityTag(text);
  const common = {
    ...API_CORS_HEADERS,
    ETag: tag,
    "Cache-Control": API_CACHE_CONTROL,
    Vary: "Accept",
    ...headers,
  };
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), tag)) {
    return new Response(null, { status: 304, headers: common });
  }
  return new Response(text, {
    status: 200,
    headers: { ...common, "Content-Type": CONTENT_TYPES[format] },
  });
}
