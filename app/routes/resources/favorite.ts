import { data, redirect } from "react-router";
import { z } from "zod";
import { appContext, pageWritesContext } from "~/context";
import { redirectWithToast, serializeFavoriteIntent } from "~/cookies.server";
import { getI18n } from "~/i18n.server";
import { FAVORITE_AFTER_SIGN_IN, type FavoriteAnswer, type FavoriteError } from "~/lib/favorites";
import { languageOfPath, splitPrefix, withPrefix } from "~/lib/i18n";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import type { ToastMessage } from "~/lib/toast";
import { countFor, meadowExists, setFavorite } from "~/services/favorites.server";
import { NotFoundError } from "~/services/meadows/errors";
import { getUser } from "~/session.server";
import type { Route } from "./+types/favorite";

const favoriteForm = z.object({
  meadowId: z.string().min(1).max(64),
  // The state wanted, not a toggle: a replayed or doubled post ends where it meant to.
  favorite: z.enum(["true", "false"]),
});

/**
 * Sets or clears one of the member's favorites. With `redirectTo` (the form without JavaScript)
 * it answers with a redirect back to that page and place; without it (the heart's fetcher) with
 * the new state and count. A visitor is sent to sign in and comes back with the favorite set.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(appContext);
  const form = await readForm(request);
  const parsed = favoriteForm.safeParse(Object.fromEntries(form));
  // Known before the rest is checked, so a refusal too answers the way the form can show.
  const returnTo = form.has("redirectTo") ? safeRedirectPath(form.get("redirectTo")) : undefined;
  const t = getI18n(context).getFixedT(languageOfPath(returnTo ?? "/"));

  const refuse = (status: number, error: FavoriteError, kept?: boolean) => {
    // Without JavaScript the browser shows the answer itself: the message, as text.
    if (returnTo !== undefined) {
      throw new Response(t(error), {
        status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    return data({ ok: false, error, kept } satisfies FavoriteAnswer, { status });
  };

  if (!parsed.success) return refuse(400, "favorites.invalid");
  const { meadowId } = parsed.data;
  // A heart changes one page others see: the count on its meadow's page.
  context.get(pageWritesContext).changedOnly([`/meadows/${meadowId}`]);
  const wanted = parsed.data.favorite === "true";

  const user = getUser(context);
  if (!user) {
    if (!(await meadowExists(db, meadowId))) return refuse(404, "favorites.notFound", false);
    // The heart's fetcher of a member signed out meanwhile: say so where they are.
    if (returnTo === undefined) return refuse(401, "favorites.signInAgain", false);
    const { prefix } = splitPrefix(new URL(returnTo, config.appUrl).pathname);
    const next = `${FAVORITE_AFTER_SIGN_IN}?${new URLSearchParams({ redirectTo: returnTo })}`;
    const login = `${withPrefix(prefix, "/login")}?${new URLSearchParams({ redirectTo: next })}`;
    return redirect(
      login,
      wanted
        ? { headers: { "Set-Cookie": await serializeFavoriteIntent(meadowId, config) } }
        : undefined,
    );
  }

  try {
    await setFavorite(db, user.id, meadowId, wanted);
  } catch (error) {
    if (error instanceof NotFoundError) return refuse(404, "favorites.notFound", false);
    throw error;
  }
  if (returnTo !== undefined) {
    const toast: ToastMessage = {
      type: "success",
      key: wanted ? "favorites.added" : "favorites.removed",
    };
    return redirectWithToast(returnTo, toast, config);
  }
  return data({
    ok: true,
    kept: wanted,
    count: await countFor(db, meadowId),
  } satisfies FavoriteAnswer);
}
