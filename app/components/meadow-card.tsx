import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FavoriteButton } from "~/components/favorite-button";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { formatNumber } from "~/lib/format";
import type { Language } from "~/lib/i18n";

/** A photo as the image pipeline serves it: WebP at 1x and 2x (`srcSet`). */
export interface MeadowCardPhoto {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  /** A colour shown until the file has loaded. */
  placeholder?: string;
}

/** What a card shows of a meadow; a MeadowSummary from the search service fits. */
export interface MeadowCardMeadow {
  id: string;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2; shown by name in the page's language. */
  country: string;
  priceText: string;
  isDemo?: boolean;
  /** The first photo; without one the card shows a drawn meadow. */
  photo?: MeadowCardPhoto | null;
  /** Whether the member looking keeps it among their favorites (the heart is filled). */
  kept?: boolean;
}

/**
 * What a loader sends the page for one card: a search result's fields that a card shows, and
 * no more (the page's data is part of its HTML).
 */
export function cardData(meadow: MeadowCardMeadow & { distanceKm?: number }) {
  return {
    id: meadow.id,
    name: meadow.name,
    city: meadow.city,
    country: meadow.country,
    priceText: meadow.priceText,
    isDemo: meadow.isDemo,
    distanceKm: meadow.distanceKm,
    photo: meadow.photo ?? null,
  };
}

/** "3.2 km", "3,2 km", "25 km": one decimal below 10 km, whole kilometres above. */
export function formatDistance(km: number, lang: Language): string {
  return formatNumber(km, lang, {
    style: "unit",
    unit: "kilometer",
    maximumFractionDigits: km < 10 ? 1 : 0,
  });
}

/**
 * A meadow as a card: photo first, then name, place, price and (when the visitor gave a
 * location) how far it is. The whole card is one link to the meadow's page; the link is the
 * heading's, stretched over the card, so it is read out as the meadow's name only.
 */
export function MeadowCard({
  meadow,
  distanceKm,
  headingLevel = 3,
  className,
}: {
  meadow: MeadowCardMeadow;
  distanceKm?: number;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-xs",
        "transition-[border-color,box-shadow] motion-reduce:transition-none hover:border-primary/60 hover:shadow-md",
        "focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background",
        className,
      )}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-accent sm:aspect-[4/3]">
        {meadow.photo ? (
          <img
            src={meadow.photo.src}
            srcSet={meadow.photo.srcSet}
            width={meadow.photo.width}
            height={meadow.photo.height}
            sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            decoding="async"
            style={{ backgroundColor: meadow.photo.placeholder }}
            className="size-full object-cover transition-transform duration-300 motion-reduce:transition-none group-hover:scale-[1.02]"
          />
        ) : (
          <MeadowIllustration seed={meadow.id} />
        )}
        {meadow.isDemo ? (
          <span className="absolute top-2 left-2 rounded-full bg-background/90 px-2.5 py-0.5 text-xs font-medium text-foreground shadow-xs">
            {t("meadowList.example")}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="text-base leading-snug font-semibold text-balance">
          <Link
            to={localePath(`/meadows/${meadow.id}`)}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {meadow.name}
          </Link>
        </Heading>
        <p className="text-sm text-muted-foreground">
          {meadow.city}, {countryName(meadow.country, lang)}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-3 text-sm">
          <p className="min-w-0 font-medium text-primary">
            <span className="sr-only">{t("meadow.price")}: </span>
            <span data-price>{meadow.priceText}</span>
          </p>
          {distanceKm !== undefined ? (
            <p className="shrink-0 text-muted-foreground" data-distance-km={distanceKm}>
              {t("meadowList.distanceAway", { distance: formatDistance(distanceKm, lang) })}
            </p>
          ) : null}
        </div>
      </div>
      {/* Above the stretched link, so it takes its own presses and focus. */}
      <FavoriteButton
        meadowId={meadow.id}
        meadowName={meadow.name}
        kept={meadow.kept ?? false}
        className="absolute top-2 right-2 z-10"
      />
    </article>
  );
}

/** A small deterministic hash, so each meadow keeps its own drawing. */
function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

const FLOWER_COLOURS = [
  "fill-pink-400 dark:fill-pink-300/80",
  "fill-amber-300 dark:fill-amber-200/80",
  "fill-violet-400 dark:fill-violet-300/80",
  "fill-rose-400 dark:fill-rose-300/80",
  "fill-orange-300 dark:fill-orange-200/80",
  "fill-sky-300 dark:fill-sky-200/80",
];

/** Where a meadow's drawing puts its sun and flowers, and in which colours. */
function layout(seed: string) {
  let state = hash(seed) || 1;
  const next = () => {
    // xorshift32: cheap and repeatable.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const palette = [0, 1].map(
    () => FLOWER_COLOURS[Math.floor(next() * FLOWER_COLOURS.length)] ?? "",
  );
  const flowers = Array.from({ length: 9 }, (_, index) => ({
    x: 20 + index * 45 + next() * 25,
    y: 215 + next() * 60,
    r: 5 + next() * 4,
    colour: palette[index % 2] ?? "",
  }));
  return { sunX: 310 + next() * 40, flowers };
}

/**
 * Until photos exist: rolling green hills with a few flowers, drawn in the theme's colours (no
 * network, light and dark). Flower colours and places follow the meadow's id.
 */
function MeadowIllustration({ seed }: { seed: string }) {
  const { sunX, flowers } = layout(seed);
  return (
    <svg
      viewBox="0 0 400 300"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className="size-full"
    >
      <circle cx={sunX} cy="70" r="26" className="fill-amber-200 dark:fill-amber-200/25" />
      <path
        d="M0 185 Q90 140 190 170 T400 150 V300 H0Z"
        className="fill-primary/20 dark:fill-primary/15"
      />
      <path
        d="M0 225 Q130 185 250 215 T400 205 V300 H0Z"
        className="fill-primary/35 dark:fill-primary/25"
      />
      {flowers.map((flower) => (
        <g key={`${flower.x}-${flower.y}`}>
          <line
            x1={flower.x}
            y1={flower.y}
            x2={flower.x}
            y2={flower.y + 24}
            strokeWidth="2.5"
            strokeLinecap="round"
            className="stroke-primary/70"
          />
          <circle cx={flower.x} cy={flower.y} r={flower.r} className={flower.colour} />
          <circle
            cx={flower.x}
            cy={flower.y}
            r={flower.r / 2.6}
            className="fill-amber-100 dark:fill-amber-100/80"
          />
        </g>
      ))}
    </svg>
  );
}
