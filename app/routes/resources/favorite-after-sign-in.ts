import { redirect } from "react-router";
import { appContext, pageWritesContext } from "~/context";
import { redirectWithToast, takeFavoriteIntent } from "~/cookies.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { addFavorite } from "~/services/favorites.server";
import { NotFoundError } from "~/services/meadows/errors";
import { getUser } from "~/session.server";
import type { Route } from "./+types/favorite-after-sign-in";

/**
 * Where sign-in returns a visitor who pressed a heart: the favorite they asked for is set, then
 * they go back to the page and place they pressed it on. The meadow comes from the signed intent
 * cookie the heart's post left, never from the address, so a link from elsewhere cannot make a
 * member keep a meadow they did not choose.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const user = getUser(context);
  if (!user) return redirect(returnTo);
  const { meadowId, clear } = await takeFavoriteIntent(request, config);
  if (!clear) return redirect(returnTo);
  const headers = new Headers({ "Set-Cookie": clear });
  if (meadowId) {
    try {
      await addFavorite(db, user.id, meadowId);
      context.get(pageWritesContext).changedOnly([`/meadows/${meadowId}`]);
      return redirectWithToast(returnTo, { type: "success", key: "favorites.added" }, config, {
        headers,
      });
    } catch (error) {
      // Deleted while the visitor signed in: nothing to keep.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return redirect(returnTo, { headers });
}
