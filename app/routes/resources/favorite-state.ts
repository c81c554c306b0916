import { data } from "react-router";
import { appContext } from "~/context";
import type { FavoriteState } from "~/lib/favorites";
import { isFavorite } from "~/services/favorites.server";
import { isMeadowId } from "~/services/meadows/records.server";
import { getUser } from "~/session.server";
import type { Route } from "./+types/favorite-state";

/**
 * Whether the member keeps one meadow, for a heart whose page did not say (the map's popup: the
 * map's own answers are shared by every visitor, so they hold nobody's favorites).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const meadowId = new URL(request.url).searchParams.get("meadowId") ?? "";
  const headers = { "Cache-Control": "private, no-store" };
  if (!isMeadowId(meadowId))
    return data({ kept: false } satisfies FavoriteState, { status: 400, headers });
  const user = getUser(context);
  const kept = user ? await isFavorite(db, user.id, meadowId) : false;
  return data({ kept } satisfies FavoriteState, { headers });
}
