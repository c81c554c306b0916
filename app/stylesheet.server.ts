import { createCookie } from "react-router";
import type { Config } from "./env.server";

/**
 * Whether a page brings the stylesheet inline or links the fingerprinted file (ADR 25). A
 * browser's first page has it inline, so the first paint waits for no second request, and
 * fetches the file while idle; the cookie then says which file it has, and its later pages link
 * it from its cache instead of carrying 60 kB each. A new build's file has another name, so the
 * cookie of an older one counts for nothing.
 */
export type StylesheetDelivery = "inline" | "linked";

const STYLESHEET_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

function stylesheetCookie(config: Config) {
  return createCookie("stylesheet", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: config.appUrl.protocol === "https:",
    maxAge: STYLESHEET_COOKIE_MAX_AGE,
  });
}

/** The file's name without its folder: what the cookie holds. */
function fileName(href: string): string {
  return href.slice(href.lastIndexOf("/") + 1);
}

/** How this request's page brings `href`, and the cookie to set when it comes inline. */
export async function stylesheetDelivery(
  request: Request,
  config: Config,
  href: string,
): Promise<{ delivery: StylesheetDelivery; setCookie?: string }> {
  const cookie = stylesheetCookie(config);
  const cached: unknown = await cookie.parse(request.headers.get("cookie"));
  if (cached === fileName(href)) return { delivery: "linked" };
  return { delivery: "inline", setCookie: await cookie.serialize(fileName(href)) };
}
