/**
 * CORS for the open data API (/api/v1): any origin may read it without credentials, so a
 * browser's preflight (OPTIONS) is answered here, before the router, which takes no OPTIONS.
 * The API's own answers carry Access-Control-Allow-Origin themselves.
 */
export function apiPreflightHeaders(pathname: string): Record<string, string> | undefined {
  if (pathname !== "/api/v1" && !pathname.startsWith("/api/v1/")) return undefined;
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "Accept, Accept-Language, If-None-Match, If-Modified-Since",
    "Access-Control-Max-Age": "86400",
  };
}
