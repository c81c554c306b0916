/**
 * The page's Content-Security-Policy. Scripts and the inline stylesheet need this response's
 * nonce; style attributes (Radix positions popovers with them) are allowed; images, map tiles
 * and styles may come from any https origin (object storage, the configured map style).
 *
 * Maps: MapLibre runs its worker from the app's own origin (a module worker; `blob:` for the
 * fallback it may use) and fetches the style, tiles, glyphs and sprites. Those are usually on
 * https origins, already allowed; a style served over plain http (a tile server on the local
 * network, or the unreachable one the browser tests use) has its origin added by name.
 */
export function contentSecurityPolicy(
  nonce: string,
  { mapStyleUrl }: { mapStyleUrl?: string } = {},
): string {
  const mapOrigin = plainHttpOrigin(mapStyleUrl);
  const map = mapOrigin ? ` ${mapOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: https:${map}`,
    "font-src 'self' data: https:",
    `connect-src 'self' https:${map}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The origin of an http:// URL; https: origins are allowed already, anything else never. */
function plainHttpOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
