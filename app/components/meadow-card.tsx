import {
  createContext,
  useContext,
  useId,
  useMemo,
  type ComponentProps,
  type ReactNode,
} from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { inSeasonShortText } from "~/components/crops";
import { FavoriteButton, HeartOutline } from "~/components/favorite-button";
import { HoursStatus } from "~/components/hours";
import { HEART_PATH } from "~/components/ui/icons";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { formatNumber } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { MeadowCardData } from "~/lib/meadow-card";

/** "3.2 km", "3,2 km", "25 km": one decimal below 10 km, whole kilometres above. */
export function formatDistance(km: number, lang: Language): string {
  return formatNumber(km, lang, {
    style: "unit",
    unit: "kilometer",
    maximumFractionDigits: km < 10 ? 1 : 0,
  });
}

/** What every card of a list shares: its words, the page's language, and its drawing's parts. */
interface CardsShared {
  lang: Language;
  localePath: (path: string) => string;
  exampleLabel: string;
  priceLabel: string;
  distanceAway: (distance: string) => string;
  /** "In season: dahlias, sunflowers" for a card's crops in season now. */
  inSeason: (ids: string[]) => string;
  /** Prefix of the ids of the drawing's parts (MeadowDrawingParts), one set per list: sun
   * (`s`), hills (`h`), two sets of flowers (`a`, `b`) and the hearts' outline (`v`). */
  drawingId: string;
}

const CardsContext = createContext<CardsShared | null>(null);

/**
 * Around a list of MeadowCards: looks up their words once for all of them (a translation hook in
 * every card costs more than the card), and puts the parts of their drawing in the page once, so
 * each card refers to them instead of carrying a copy.
 */
export function MeadowCards({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const drawingId = `md${useId().replace(/[^\w-]/g, "")}`;
  const shared = useMemo<CardsShared>(
    () => ({
      lang,
      localePath,
      exampleLabel: t("meadowList.example"),
      priceLabel: t("meadow.price"),
      distanceAway: (distance) => t("meadowList.distanceAway", { distance }),
      inSeason: (ids) => inSeasonShortText(t, lang, ids),
      drawingId,
    }),
    [t, lang, localePath, drawingId],
  );
  return (
    <CardsContext value={shared}>
      <HeartOutline value={`#${drawingId}v`}>
        <MeadowDrawingParts id={drawingId} />
        {children}
      </HeartOutline>
    </CardsContext>
  );
}

/**
 * A list's cards in the one grid every list uses: a column on a phone, then two, then three.
 * Beside the list page's filters, which take a column on large screens, the third comes later.
 */
export function MeadowCardGrid({
  meadows,
  besideFilters = false,
  className,
  ...props
}: {
  meadows: MeadowCardData[];
  besideFilters?: boolean;
} & Omit<ComponentProps<"ul">, "children">) {
  return (
    <MeadowCards>
      <ul
        className={cn(
          "grid gap-4 sm:grid-cols-2",
          besideFilters ? "xl:grid-cols-3" : "lg:grid-cols-3",
          className,
        )}
        {...props}
      >
        {meadows.map((meadow) => (
          <li key={meadow.id}>
            <MeadowCard meadow={meadow} distanceKm={meadow.distanceKm} />
          </li>
        ))}
      </ul>
    </MeadowCards>
  );
}

/**
 * A meadow as a card: photo first, then name, place, price and (when the visitor gave a
 * location) how far it is. The whole card is one link to the meadow's page; the link is the
 * heading's, stretched over the card, so it is read out as the meadow's name only. Inside
 * MeadowCards.
 */
export function MeadowCard({
  meadow,
  distanceKm,
  headingLevel = 3,
  className,
}: {
  meadow: MeadowCardData;
  distanceKm?: number;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const shared = useContext(CardsContext);
  if (!shared) throw new Error("MeadowCard belongs inside MeadowCards");
  const { lang, localePath } = shared;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={cn("group meadow-card", className)}>
      <div className="meadow-card-picture">
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
          <MeadowDrawing seed={meadow.id} partsId={shared.drawingId} />
        )}
        {meadow.isDemo ? <span className="meadow-card-badge">{shared.exampleLabel}</span> : null}
      </div>
      <div className="meadow-card-text">
        <Heading>
          <Link to={localePath(`/meadows/${meadow.id}`)} prefetch="intent">
            {meadow.name}
          </Link>
        </Heading>
        <p>{`${meadow.city}, ${countryName(meadow.country, lang)}`}</p>
        {meadow.inSeason?.length ? (
          <p data-testid="card-in-season">{shared.inSeason(meadow.inSeason)}</p>
        ) : null}
        {meadow.hours ? <HoursStatus timeline={meadow.hours} country={meadow.country} /> : null}
        <div className="meadow-card-facts">
          <p>
            <span className="sr-only">{`${shared.priceLabel}: `}</span>
            <span data-price>{meadow.priceText}</span>
          </p>
          {distanceKm !== undefined ? (
            <p data-distance-km={distanceKm}>
              {shared.distanceAway(formatDistance(distanceKm, lang))}
            </p>
          ) : null}
        </div>
      </div>
      {/* Above the stretched link, so it takes its own presses and focus. */}
      <FavoriteButton
        meadowId={meadow.id}
        meadowName={meadow.name}
        kept={meadow.kept ?? false}
        className="meadow-card-heart"
      />
    </article>
  );
}

/** A small deterministic hash, so each meadow keeps its own colours. */
function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

/** xorshift32 from a seed: cheap and repeatable. */
function randomFrom(seed: string) {
  let state = hash(seed) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Classes of app.css, each a flower colour for light and dark. */
const FLOWER_COLOURS = [
  "flowers-pink",
  "flowers-amber",
  "flowers-violet",
  "flowers-rose",
  "flowers-orange",
  "flowers-sky",
];

/** One decimal: a tenth of a unit of the 400-wide drawing is below a pixel of any card. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** Where the drawing's nine flowers stand: the same for every meadow. */
const FLOWERS = (() => {
  const next = randomFrom("plukweide");
  return Array.from({ length: 9 }, (_, index) => ({
    x: tenth(20 + index * 45 + next() * 25),
    y: tenth(215 + next() * 60),
    r: tenth(5 + next() * 4),
  }));
})();

/** A meadow's two flower colours, and how far right of the drawing's its sun stands. */
function meadowLook(seed: string) {
  const next = randomFrom(seed);
  const palette = [0, 1].map(
    () => FLOWER_COLOURS[Math.floor(next() * FLOWER_COLOURS.length)] ?? "",
  );
  return { palette, sunShift: tenth(next() * 40) };
}

/**
 * The drawing's parts, once per list: rolling hills and two sets of flowers whose heads take
 * their colour from the `<use>` that shows them (as CSS inherits into it), and the favorite
 * hearts' outline. Out of sight, and hidden from assistive technology.
 */
function MeadowDrawingParts({ id }: { id: string }) {
  // The flowers never overlap one another, so drawing all stems, then all heads, then all
  // centres looks the same as drawing flower by flower, and each group names its colour once.
  const flowerSet = (part: number) => {
    const flowers = FLOWERS.filter((_, index) => index % 2 === part);
    return (
      <g id={`${id}${part === 0 ? "a" : "b"}`}>
        <path
          d={flowers.map((flower) => `M${flower.x} ${flower.y}v24`).join("")}
          strokeWidth="2.5"
          strokeLinecap="round"
          className="stroke-primary/70"
        />
        {flowers.map((flower) => (
          <circle key={flower.x} cx={flower.x} cy={flower.y} r={flower.r} />
        ))}
        <g className="meadow-flower-centre">
          {flowers.map((flower) => (
            <circle key={flower.x} cx={flower.x} cy={flower.y} r={tenth(flower.r / 2.6)} />
          ))}
        </g>
      </g>
    );
  };
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      <defs>
        {/* Left of the heart button in the card's top right corner, at every card width. */}
        <circle id={`${id}s`} cx="230" cy="70" r="26" className="meadow-sun" />
        <g id={`${id}h`}>
          <path d="M0 185 Q90 140 190 170 T400 150 V300 H0Z" className="meadow-hill-far" />
          <path d="M0 225 Q130 185 250 215 T400 205 V300 H0Z" className="meadow-hill-near" />
        </g>
        {flowerSet(0)}
        {flowerSet(1)}
        {/* The hearts' outline; its fill comes from the heart that shows it. */}
        <path
          id={`${id}v`}
          d={HEART_PATH}
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </defs>
    </svg>
  );
}

/**
 * Until photos exist: rolling green hills with a few flowers, drawn in the theme's colours (no
 * network, light and dark). The flowers' colours and the sun's place follow the meadow's id.
 */
function MeadowDrawing({ seed, partsId }: { seed: string; partsId: string }) {
  const { palette, sunShift } = meadowLook(seed);
  return (
    <svg viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <use href={`#${partsId}s`} x={sunShift} />
      <use href={`#${partsId}h`} />
      <use href={`#${partsId}a`} className={palette[0]} />
      <use href={`#${partsId}b`} className={palette[1]} />
    </svg>
  );
}
