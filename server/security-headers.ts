import type { ServerResponse } from "node:http";

/**
 * Features a page of this site may use: the map's "near me" asks for the visitor's position, so
 * geolocation is allowed for the site itself and for no page it is framed in or frames; the rest
 * no page uses, so an injected script cannot either.
 */
export const PERMISSIONS_POLICY =
  "geolocation=(self), camera=(), microphone=(), payment=(), usb=()";

/** A year: browsers keep to https for that long after their last visit. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * Headers every answer carries, pages, files and refusals alike. HSTS only when the site's
 * public address is https: behind a proxy that ends TLS the app itself speaks plain http, and
 * over an http-only site the header would lock visitors out.
 */
export function securityHeaders(appUrl: URL): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(appUrl.protocol === "https:"
      ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY }
      : {}),
  };
}

export function setSecurityHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
