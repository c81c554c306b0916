import { createContext, useContext, useEffect, useRef } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, useFetcher, useLocation } from "react-router";
import { HeartIcon } from "~/components/ui/icons";
import { toast } from "~/components/ui/toast-store";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import {
  FAVORITE_ACTION,
  FAVORITE_STATE,
  favoriteAnchor,
  type FavoriteAnswer,
  type FavoriteState,
} from "~/lib/favorites";
import { formatNumber } from "~/lib/format";

/**
 * Where a list puts one copy of the heart's outline (an element id, as `#id`): hearts inside
 * then refer to it instead of each carrying the drawing.
 */
export const HeartOutline = createContext<string | null>(null);

/** Names the list the hearts inside belong to, where a page lists a meadow twice. */
export const FavoriteAnchorScope = createContext("");

/**
 * Every heart of one meadow on a page shares this fetcher, so they (and the detail page's count)
 * agree without asking the server for the page again.
 */
function useFavoriteFetcher(meadowId: string) {
  return useFetcher<FavoriteAnswer>({ key: `favorite:${meadowId}` });
}

/** The state to show: the one being sent, else the server's last answer, else the page's. */
function useShownFavorite(meadowId: string, kept: boolean, count?: number) {
  const fetcher = useFavoriteFetcher(meadowId);
  const sending = fetcher.formData?.get("favorite");
  const answered = fetcher.data?.kept ?? kept;
  const shown = typeof sending === "string" ? sending === "true" : answered;
  const answeredCount = fetcher.data?.ok ? fetcher.data.count : count;
  const shownCount =
    answeredCount === undefined ? undefined : answeredCount + Number(shown) - Number(answered);
  return { fetcher, shown, count: shownCount };
}

interface HeartProps {
  meadowId: string;
  meadowName: string;
  kept: boolean;
  variant?: "icon" | "labelled";
  className?: string;
}

/**
 * The heart that keeps a meadow among the member's favorites: a toggle button (`aria-pressed`).
 * Members see it change at once; the server's refusal puts it back and says why in a toast.
 * Without JavaScript it is a form post that returns to this page, scrolled to this heart. A
 * visitor's press goes to sign in and comes back with the favorite set.
 *
 * `icon` is the round button on cards and in the map's popup, named after the meadow;
 * `labelled` is the detail page's, with its word beside the heart.
 */
export function FavoriteButton(props: HeartProps) {
  const { user } = useShellData();
  // A visitor's heart needs no fetcher: most pages are a visitor's, and a list has twenty hearts.
  return user ? <MemberHeart {...props} /> : <VisitorHeart {...props} />;
}

/** A visitor's press is a navigation: to sign in, and back with the favorite set. */
function VisitorHeart(props: HeartProps) {
  const { anchor, returnTo } = useHeartPlace(props.meadowId);
  return (
    <Form
      method="post"
      action={FAVORITE_ACTION}
      id={anchor}
      className={cn("scroll-mt-24", props.className)}
    >
      <HeartFields meadowId={props.meadowId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <HeartButton {...props} pressed={false} />
    </Form>
  );
}

function MemberHeart(props: HeartProps) {
  const { meadowId, kept } = props;
  const { t } = useTranslation();
  const { anchor, returnTo } = useHeartPlace(meadowId);
  const hydrated = useHydrated();
  const { fetcher, shown } = useShownFavorite(meadowId, kept);
  const sentHere = useRef(false);

  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || answer.ok || !sentHere.current) return;
    sentHere.current = false;
    toast({ variant: "error", title: t(answer.error) });
  }, [answer, fetcher.state, t]);

  return (
    <fetcher.Form
      method="post"
      action={FAVORITE_ACTION}
      id={anchor}
      className={cn("scroll-mt-24", props.className)}
      // The hearts share their state; nothing else on the page changes with a favorite.
      defaultShouldRevalidate={false}
      onSubmit={() => {
        sentHere.current = true;
      }}
    >
      <HeartFields meadowId={meadowId} />
      {/* Only the page without JavaScript needs to be sent back; the fetcher stays put. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo} />}
      <HeartButton {...props} pressed={shown} />
    </fetcher.Form>
  );
}

/** The heart's element id, and the address that brings a browser without JavaScript back to it. */
function useHeartPlace(meadowId: string) {
  const location = useLocation();
  const anchor = favoriteAnchor(meadowId, useContext(FavoriteAnchorScope));
  return { anchor, returnTo: `${location.pathname}${location.search}#${anchor}` };
}

/** The meadow; the wanted state is the button's own name and value, sent as it submits. */
function HeartFields({ meadowId }: { meadowId: string }) {
  return <input type="hidden" name="meadowId" value={meadowId} />;
}

function HeartButton({ meadowName, variant = "icon", pressed }: HeartProps & { pressed: boolean }) {
  const { t } = useTranslation();
  const heartOutline = useContext(HeartOutline);
  return (
    <button
      type="submit"
      name="favorite"
      value={String(!pressed)}
      aria-pressed={pressed}
      aria-label={variant === "icon" ? t("favorites.keepMeadow", { name: meadowName }) : undefined}
      className={
        // The round heart is on every card of a list: its utilities are one class (app.css).
        variant === "icon"
          ? "heart-button"
          : cn(
              "inline-flex items-center justify-center transition-[background-color,color,transform] select-none motion-reduce:transition-none",
              "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-hidden",
              "active:scale-95 motion-reduce:active:scale-100",
              "h-11 gap-2 rounded-full border px-4 text-sm font-medium shadow-xs sm:h-10",
              pressed
                ? "border-primary bg-primary text-primary-foreground hover:shadow-md"
                : "border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:text-primary",
            )
      }
    >
      {heartOutline && variant === "icon" ? (
        <svg viewBox="0 0 24 24" fill={pressed ? "currentColor" : "none"} aria-hidden="true">
          <use href={heartOutline} />
        </svg>
      ) : (
        <HeartIcon filled={pressed} className="size-5 shrink-0" />
      )}
      {variant === "labelled" ? t("favorites.keep") : null}
    </button>
  );
}

/**
 * The heart for a meadow whose page did not say whether the member keeps it (the map's popup):
 * it asks first, and shows once it knows. A visitor's is there at once.
 */
export function FetchedFavoriteButton({
  meadowId,
  meadowName,
  className,
}: {
  meadowId: string;
  meadowName: string;
  className?: string;
}) {
  const { user } = useShellData();
  const state = useFetcher<FavoriteState>();
  const { load } = state;
  useEffect(() => {
    if (user) void load(`${FAVORITE_STATE}?${new URLSearchParams({ meadowId })}`);
  }, [user, meadowId, load]);
  if (user && state.data === undefined) return null;
  return (
    <FavoriteButton
      meadowId={meadowId}
      meadowName={meadowName}
      kept={state.data?.kept ?? false}
      variant="labelled"
      className={className}
    />
  );
}

/** "12 people keep this meadow", following the hearts of the meadow on this page. */
export function FavoriteCount({
  meadowId,
  kept,
  count,
  className,
}: {
  meadowId: string;
  kept: boolean;
  count: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const shown = useShownFavorite(meadowId, kept, count).count ?? count;
  return (
    <p className={cn("text-sm text-muted-foreground", className)} data-favorite-count={shown}>
      {t("favorites.keptBy", { count: shown, formatted: formatNumber(shown, lang) })}
    </p>
  );
}
