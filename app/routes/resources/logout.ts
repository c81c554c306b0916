import { appContext, pageWritesContext } from "~/context";
import { redirectWithToast } from "~/cookies.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import type { Route } from "./+types/logout";
import { forwardCookies } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";

/** Signing out ends the session on the server, not only the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, config } = context.get(appContext);
  // Signing in or out changes no page a visitor sees: the cached pages stay (ADR 26).
  context.get(pageWritesContext).changedOnly([]);
  const form = await readForm(request);
  const headers = new Headers();
  try {
    const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    forwardCookies(result.headers, headers);
  } catch {
    // No session (already signed out elsewhere): the cookies below still go.
  }
  return redirectWithToast(
    safeRedirectPath(form.get("redirectTo")),
    { type: "info", key: "auth.signedOut" },
    config,
    { headers },
  );
}
