/** Where the heart posts; not prefixed, like the other small resources. */
export const FAVORITE_ACTION = "/resources/favorite";

/** Where sign-in returns a visitor who pressed a heart, to complete that favorite. */
export const FAVORITE_AFTER_SIGN_IN = "/resources/favorite/after-sign-in";

export type FavoriteError = "favorites.invalid" | "favorites.notFound" | "favorites.signInAgain";

/**
 * What the heart's fetcher gets back. `error` is a catalogue key, shown in the page's language;
 * on a refusal `kept` is the state the meadow stays in, where the server knows it.
 */
export type FavoriteAnswer =
  { ok: true; kept: boolean; count: number } | { ok: false; error: FavoriteError; kept?: boolean };

/**
 * The id of a card's heart, which the post without JavaScript returns to. `scope` tells apart
 * two lists of one page that may hold the same meadow (a profile's own and kept meadows).
 */
export function favoriteAnchor(meadowId: string, scope = ""): string {
  return scope ? `${scope}-favorite-${meadowId}` : `favorite-${meadowId}`;
}

/** Where a heart asks whether the member keeps a meadow, when its page did not say. */
export const FAVORITE_STATE = "/resources/favorite/state";

export interface FavoriteState {
  kept: boolean;
}
