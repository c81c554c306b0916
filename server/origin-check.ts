import type { IncomingMessage } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request: a browser always names the
 * page a form or fetch came from in `Origin`, and it must be this site: APP_URL, or the origin the
 * request was sent to (its Host, or what a trusted proxy forwarded). Requests without `Origin`
 * come from non-browser clients, which carry no cookies from someone else's session; SameSite=Lax
 * session cookies cover old browsers.
 *
 * A form on a page sent with `Referrer-Policy: no-referrer` (the pages of mailed links, whose
 * address holds a token) posts with `Origin: null`; the browser's own `Sec-Fetch-Site` then says
 * whether it came from this site, which no page elsewhere can make it say.
 */
export function isAllowedOrigin(req: IncomingMessage, siteOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(req.method ?? "GET")) return true;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === "null") return req.headers["sec-fetch-site"] === "same-origin";
  return siteOrigins.includes(origin);
}
