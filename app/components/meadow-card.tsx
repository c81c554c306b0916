import { createContext, useContext, useMemo, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { inSeasonShortText } from "~/components/crops";
import { FavoriteButton, HeartOutline } from "~/components/favorite-button";
import { HoursStatus } from "~/components/hours";
import {
  drawingScenes,
  MeadowDrawing,
  MeadowDrawingParts,
  useDrawingPartsId,
} from "~/components/meadow-drawing";
import { HEART_PATH } from "~/components/ui/icons";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { formatNumber } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { DrawingScene, MeadowCardData } from "~/lib/meadow-card";

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
  /** Prefix of the ids of the drawing's parts (MeadowDrawingParts), one set per list, and of
   * the hearts' outline (`v`). */
  drawingId: string;
}

const CardsContext = createContext<CardsShared | null>(null);

/**
 * Around a list of MeadowCards: looks up their words once for all of them (a translation hook in
 * every card costs more than the card), and puts the parts of their drawing in the page once, so
 * each card refers to them instead of carrying a copy.
 */
export function MeadowCards({
  scenes,
  children,
}: {
  /** The scenes of the cards' drawings (drawingScenes). */
  scenes: readonly DrawingScene[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const drawingId = useDrawingPartsId("md");
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
        <MeadowDrawingParts id={drawingId} scenes={scenes}>
          <HeartOutlinePart id={`${drawingId}v`} />
        </MeadowDrawingParts>
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
    <MeadowCards scenes={drawingScenes(meadows)}>
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
          <MeadowDrawing seed={meadow.id} partsId={shared.drawingId} crops={meadow.drawnCrops} />
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

/** The favorite hearts' outline, shared by a list's hearts; its fill comes from the heart. */
function HeartOutlinePart({ id }: { id: string }) {
  return (
    <path
      id={id}
      d={HEART_PATH}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}
