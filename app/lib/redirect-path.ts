import { pathInLanguage, type Language } from "./i18n";

/** A base no real request has: only what stays on it is a path on this site. */
const BASE = "http://plukweide.invalid";

/** C0 and C1 controls, DEL, and the line and paragraph separators some parsers break lines at. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Every return address the app redirects to (after sign-in, two-step verification, sign-out, a
 * colour-mode or language switch) goes through here: the answer is always a path on this site.
 *
 * The check runs on the address as a browser will read it, after dot segments are resolved:
 * `/.//evil.example` and `/a/%2e%2e//evil.example` both become `//evil.example`, which a browser
 * reads as another host. What comes out is the URL parser's own serialisation (percent-encoded
 * ASCII), so parsing it again gives the same path: nothing is left for the browser to reinterpret,
 * and decoding its escapes leaves a plain path as well.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!isPlainPath(value) || CONTROL.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== BASE || !isPlainPath(path)) return fallback;
  const again = new URL(path, BASE);
  if (again.origin !== BASE || again.pathname + again.search + again.hash !== path) return fallback;
  // Some reader down the line (a proxy, a router, a log viewer) may decode the escapes once: the
  // address must stay a plain path even then, so `/%2F%2Fevil.example` and `/%5Cevil` go too.
  const decoded = decodeOnce(path);
  if (decoded === undefined || !isPlainPath(decoded) || CONTROL.test(decoded)) return fallback;
  return path;
}

/**
 * The return address as the same page in `language`, for the language switch. The prefix is
 * changed on a path already checked, and the result is checked again: taking `/nl` off
 * `/nl//evil.example` leaves `//evil.example`, another host. Anything unsafe answers that
 * language's home page.
 */
export function safeRedirectInLanguage(value: unknown, language: Language): string {
  const home = pathInLanguage("/", language);
  const url = new URL(safeRedirectPath(value, home), BASE);
  return safeRedirectPath(pathInLanguage(url.pathname, language) + url.search + url.hash, home);
}

function decodeOnce(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Starts with one slash, never two, and holds no backslash (browsers read `\` as `/`). */
function isPlainPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
}
