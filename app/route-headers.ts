import type { HeadersFunction } from "react-router";

/**
 * React Router sends a page's response with only the headers a route's `headers` export returns.
 * Routes that answer with their own headers (Retry-After on a 429, no-store on a page whose
 * address holds a token) export this to pass on their loader's and action's headers; the
 * action's win. Set-Cookie is left out: React Router already passes cookies on.
 */
export const passOnHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, errorHeaders, actionHeaders]) {
    source?.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};

/**
 * For a route below a layout that sets headers of its own (a settings section below the settings
 * page): the layout's headers, then this route's on top, such as an action's Retry-After.
 */
export const passOnHeadersBelowLayout: HeadersFunction = (args) => {
  const headers = new Headers(args.parentHeaders);
  new Headers(passOnHeaders(args)).forEach((value, name) => headers.set(name, value));
  return headers;
};

/** The Set-Cookie headers of a Better Auth call, to pass on with our own response. */
export function forwardCookies(from: Headers, to: Headers = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
