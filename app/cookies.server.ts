import { createHmac } from "node:crypto";
import { createCookie, redirect, type Cookie } from "react-router";
import type { Config } from "./env.server";
import { isLanguage, PREFERENCE_COOKIE_MAX_AGE, type Language } from "./lib/i18n";
import { isColourMode, type ColourMode } from "./lib/colour-mode";
import { parseToast, type ToastMessage } from "./lib/toast";
import type { KnownDevice } from "./services/sign-in-throttle.server";

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

/**
 * A redirect that shows `toast` on the page it lands on. The toast's cookie is appended to any
 * headers in `init`, so session cookies passed on from Better Auth go with it.
 */
export async function redirectWithToast(
  url: string,
  toast: ToastMessage,
  config: Config,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await serializeToast(toast, config));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
  config: Config,
): Promise<{ toast: ToastMessage | undefined; clear: string | undefined }> {
  const { value, clear } = await takeOnce(toastCookie(config), request);
  return { toast: value === undefined ? undefined : parseToast(value), clear };
}

/** How long a browser stays known to an account after signing in with it. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Marks a browser where an account signed in, so failed sign-ins by others do not lock its owner
 * out (app/services/sign-in-throttle.server.ts). Signed with a key derived from the auth secret
 * for this purpose alone, so no other signed value of the app can pass for it.
 */
function deviceCookie(config: Config): Cookie {
  return createCookie("device", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secure(config),
    maxAge: DEVICE_COOKIE_MAX_AGE,
    secrets: [keyFor(config, "device cookie")],
  });
}

export function serializeDeviceCookie(device: KnownDevice, config: Config): Promise<string> {
  return deviceCookie(config).serialize({ userId: device.userId, nonce: device.nonce });
}

/** The browser's device cookie when its signature holds; undefined when absent or tampered with. */
export async function readDeviceCookie(
  request: Request,
  config: Config,
): Promise<KnownDevice | undefined> {
  const value: unknown = await deviceCookie(config).parse(request.headers.get("cookie"));
  if (typeof value !== "object" || value === null) return undefined;
  const { userId, nonce } = value as Record<string, unknown>;
  if (typeof userId !== "string" || userId === "" || userId.length > 200) return undefined;
  if (typeof nonce !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return undefined;
  return { userId, nonce };
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
    secrets: [keyFor(config, "favorite intent")],
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
  const { value, clear } = await takeOnce(favoriteIntentCookie(config), request);
  const meadowId =
    typeof value === "object" &&
    value !== null &&
    "meadowId" in value &&
    typeof value.meadowId === "string"
      ? value.meadowId
      : undefined;
  return { meadowId, clear };
}

/**
 * A signing key of its own for one cookie, derived from the auth secret: no value the app signs
 * for another purpose passes for it.
 */
function keyFor(config: Config, purpose: string): string {
  return createHmac("sha256", config.authSecret).update(purpose).digest("base64url");
}

/** A cookie read once: its value (undefined when absent or tampered with) and the header that clears it. */
async function takeOnce(
  cookie: Cookie,
  request: Request,
): Promise<{ value: unknown; clear: string | undefined }> {
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  if (value === null || value === undefined) return { value: undefined, clear: undefined };
  return { value, clear: await cookie.serialize("", { maxAge: 0 }) };
}
