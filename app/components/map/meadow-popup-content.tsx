import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { FetchedFavoriteButton } from "~/components/favorite-button";
import { inSeasonShortText } from "~/components/crops";
import { HoursStatus } from "~/components/hours";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import type { MapPoint } from "~/lib/schemas/viewport-result";

/** A pin's popup: the meadow's photo, name, place and price, a link to it and its heart. */
export function MeadowPopupContent({ meadow }: { meadow: MapPoint }) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  return (
    <div className="grid gap-1 text-sm" data-testid="meadow-popup">
      {meadow.photo ? (
        <img
          src={meadow.photo.src}
          srcSet={meadow.photo.srcSet}
          sizes="16rem"
          width={meadow.photo.width}
          height={meadow.photo.height}
          alt=""
          decoding="async"
          style={{ backgroundColor: meadow.photo.placeholder }}
          className="mb-1 aspect-[4/3] w-full rounded-md object-cover"
        />
      ) : null}
      <p className="text-base leading-snug font-semibold">{meadow.name}</p>
      <p className="text-muted-foreground">{meadow.city}</p>
      {meadow.priceText ? <p>{meadow.priceText}</p> : null}
      {meadow.inSeason?.length ? (
        <p className="text-primary">{inSeasonShortText(t, lang, meadow.inSeason)}</p>
      ) : null}
      {meadow.hours ? <HoursStatus timeline={meadow.hours} /> : null}
      <Link
        to={localePath(`/meadows/${meadow.id}`)}
        className="mt-1 justify-self-start font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t("mapView.openMeadow")}
      </Link>
      <FetchedFavoriteButton
        meadowId={meadow.id}
        meadowName={meadow.name}
        className="mt-2 justify-self-start"
      />
    </div>
  );
}
