import { createCookie, type Cookie } from "react-router";
import type { Config } from "./env.server";
import { isLanguage, PREFERENCE_COOKIE_MAX_AGE, type Language } from "./lib/i18n";
import { isColourMode, type ColourMode } from "./lib/colour-mode";
import { parseToast, type ToastMessage } from "./lib/toast";

function secure(config: Config) {
  return config.appUrl.protocol === "https:";
}

function preferenceCookie(name: string, config: Config): Cookie {
  return createCookie(name, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secure(config),
    maxAge: PREFERENCE_COOKIE_MAX_AGE,
  });
}

export async function readLanguageCookie(
  request: Request,
  config: Config,
): Promise<Language | undefined> {
  const value: unknown = await preferenceCookie("locale", config).parse(
    request.headers.get("cookie"),
  );
  return isLanguage(value) ? value : undefined;
}

export function serializeLanguageCookie(language: Language, config: Config): Promise<string> {
  return preferenceCookie("locale", config).serialize(language);
}

export async function readColourMode(request: Request, config: Config): Promise<ColourMode> {
  const value: unknown = await preferenceCookie("theme", config).parse(
    request.headers.get("cookie"),
  );
  return isColourMode(value) ? value : "system";
}

export function serializeColourMode(mode: ColourMode, config: Config): Promise<string> {
  return preferenceCookie("theme", config).serialize(mode);
}

/**
 * One-time messages that survive a redirect: an action sets it, the next page's root loader
 * shows it and clears it. Signed, so nobody can make the site say what it did not say.
 */
function toastCookie(config: Config): Cookie {
  return createCookie("toast", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secure(config),
    maxAge: 60,
    secrets: [config.authSecret],
  });
}

export function serializeToast(toast: ToastMessage, config: Config): Promise<string> {
  return toastCookie(config).serialize(toast);
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
  config: Config,
): Promise<{ toast: ToastMessage | undefined; clear: string | undefined }> {
  const cookie = toastCookie(config);
  const raw: unknown = await cookie.parse(request.headers.get("cookie"));
  if (raw === null || raw === undefined) return { toast: undefined, clear: undefined };
  return { toast: parseToast(raw), clear: await cookie.serialize("", { maxAge: 0 }) };
}

/**
 * A favorite a visitor asked for before signing in: the meadow's id, kept for an hour and sent
 * only to the favorite routes. Signed, and set only in answer to a post from this site (the
 * server refuses cross-site posts), so the page that completes it after sign-in acts on what
 * this browser asked for and nothing a link from elsewhere could name.
 */
function favoriteIntentCookie(config: Config): Cookie {
  return createCookie("favorite-intent", {
    path: "/resources/favorite",
    sameSite: "lax",
    httpOnly: true,
    secure: secure(config),
    maxAge: 60 * 60,
    secrets: [config.authSecret],
  });
}

export function serializeFavoriteIntent(meadowId: string, config: Config): Promise<string> {
  return favoriteIntentCookie(config).serialize({ meadowId });
}

/** The pending favorite's meadow id, if any, and the header that clears it. */
export async function takeFavoriteIntent(
  request: Request,
  config: Config,
): Promise<{ meadowId: string | undefined; clear: string | undefined }> {
  const cookie = favoriteIntentCookie(config);
  const raw: unknown = await cookie.parse(request.headers.get("cookie"));
  if (raw === null || raw === undefined) return { meadowId: undefined, clear: undefined };
  const meadowId =
    typeof raw === "object" && "meadowId" in raw && typeof raw.meadowId === "string"
      ? raw.meadowId
      : undefined;
  return { meadowId, clear: await cookie.serialize("", { maxAge: 0 }) };
}
