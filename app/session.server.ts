import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { appContext } from "./context";
import { splitPrefix, withPrefix } from "./lib/i18n";
import { pageUrl } from "./lib/page-url";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  avatarKey?: string | null;
  twoFactorEnabled?: boolean | null;
  locale?: string | null;
}

const sessionContext = createContext<SessionUser | null>(null);

/**
 * Reads the session once per request. Better Auth renews a session that is in use (sliding
 * expiry); the renewed cookie is passed on with whatever response the route gives.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const { auth } = context.get(appContext);
  let renewal: Headers | undefined;
  if (request.headers.get("cookie")?.includes("plukweide.session_token")) {
    const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    renewal = result.headers;
    context.set(sessionContext, (result.response?.user as SessionUser | undefined) ?? null);
  }
  const response = await next();
  const cookies = renewal?.getSetCookie() ?? [];
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

export function getUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(sessionContext);
}

/** The signed-in member, or a redirect to sign in that comes back here afterwards. */
/** Why a page sent a visitor to sign in; the sign-in page explains it. */
export type SignInReason = "favorites";

export function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
  reason?: SignInReason,
): SessionUser {
  const user = getUser(context);
  if (user) return user;
  const url = pageUrl(request);
  const { prefix } = splitPrefix(url.pathname);
  const login = new URL(withPrefix(prefix, "/login"), url);
  login.searchParams.set("redirectTo", url.pathname + url.search);
  if (reason) login.searchParams.set("reason", reason);
  throw redirect(login.pathname + login.search);
}
