import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { LazyPinMap } from "~/components/map/lazy-pin-map";
import { WeekHours } from "~/components/meadow-week-hours";
import { Avatar } from "~/components/ui/avatar";
import { useTranslation } from "~/hooks/use-translation";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";

/** The meadow as the detail page's loader sends it: what its facts show. */
export interface MeadowFactsData {
  name: string;
  lat: number;
  lng: number;
  priceText: string;
  openingHours: string;
  hoursSyntax: string | null;
  street: string;
  houseNumber: string;
  addressExtra: string | null;
  postalCode: string;
  city: string;
  /** The country's name in the page's language. */
  country: string;
  website: string | null;
  phone: string | null;
  instagram: string | null;
  owner: { id: string; name: string; avatar: { src: string; srcSet: string } | null } | null;
}

/**
 * The meadow page's side column: price, opening hours, address with its map, contact and the
 * member who added it.
 */
export function MeadowFacts({
  meadow,
  week,
  mapStyleUrl,
  className,
}: {
  meadow: MeadowFactsData;
  className?: string;
  /** The week of this month, or of the next month the meadow opens. */
  week: { month: number; days: [number, number][][] } | null;
  mapStyleUrl: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const directions = `https://www.openstreetmap.org/directions?to=${meadow.lat}%2C${meadow.lng}`;
  // Free text, unless it is the syntax itself (hours converted from free text).
  const freeHours =
    meadow.openingHours && meadow.openingHours !== meadow.hoursSyntax ? meadow.openingHours : null;
  return (
    // A long word in the price or the hours (a web address, a Dutch compound) breaks, rather
    // than widening the column and the small map with it.
    <aside
      className={cn(
        "grid min-w-0 content-start gap-5 rounded-2xl border border-border bg-card p-5 text-sm wrap-anywhere",
        className,
      )}
    >
      <Fact label={t("meadow.price")}>{meadow.priceText}</Fact>
      {/* Whether it is open now stands under the name; here the week and the words. */}
      {week || freeHours ? (
        <Fact label={t("meadow.openingHours")}>
          <div className="grid gap-2">
            {week ? <WeekHours week={week.days} month={week.month} lang={lang} /> : null}
            {freeHours ? <span className="whitespace-pre-line">{freeHours}</span> : null}
          </div>
        </Fact>
      ) : null}
      <Fact label={t("meadow.address")}>
        <address className="not-italic">
          {meadow.street} {meadow.houseNumber}
          {meadow.addressExtra ? `, ${meadow.addressExtra}` : ""}
          <br />
          {meadow.postalCode} {meadow.city}
          <br />
          {meadow.country}
        </address>
        <div className="mt-3">
          <LazyPinMap lat={meadow.lat} lng={meadow.lng} name={meadow.name} styleUrl={mapStyleUrl} />
          {/* One way to our map, one to a route planner: the map shows what else is near. */}
          <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            <Link
              to={localePath(`/map?lat=${meadow.lat}&lng=${meadow.lng}&z=13`)}
              className="text-primary underline underline-offset-4"
            >
              {t("mapView.showOnMap")}
            </Link>
            <a
              href={directions}
              rel="noopener"
              target="_blank"
              className="text-primary underline underline-offset-4"
            >
              {t("meadow.directions")}
            </a>
          </span>
        </div>
      </Fact>
      {meadow.website || meadow.phone || meadow.instagram ? (
        <Fact label={t("meadow.contact")}>
          <span className="grid gap-1">
            {meadow.website ? (
              <a
                href={meadow.website}
                rel="nofollow ugc noopener"
                target="_blank"
                className="break-all text-primary underline underline-offset-4"
              >
                {meadow.website.replace(/^https?:\/\//, "")}
              </a>
            ) : null}
            {meadow.phone ? (
              <a
                href={`tel:${meadow.phone.replace(/[^\d+]/g, "")}`}
                className="text-primary underline underline-offset-4"
              >
                {meadow.phone}
              </a>
            ) : null}
            {meadow.instagram ? (
              <a
                href={`https://www.instagram.com/${encodeURIComponent(meadow.instagram)}/`}
                rel="nofollow noopener"
                target="_blank"
                className="text-primary underline underline-offset-4"
              >
                @{meadow.instagram}
              </a>
            ) : null}
          </span>
        </Fact>
      ) : null}
      <Fact label={t("meadow.addedBy")}>
        {meadow.owner ? (
          <Link
            to={localePath(`/profile/${meadow.owner.id}`)}
            className="inline-flex items-center gap-2 text-primary underline underline-offset-4"
          >
            <Avatar
              alt={meadow.owner.name}
              src={meadow.owner.avatar?.src}
              srcSet={meadow.owner.avatar?.srcSet}
              size="sm"
              locale={lang}
            />
            {meadow.owner.name}
          </Link>
        ) : (
          <span className="text-muted-foreground">{t("meadow.deletedMember")}</span>
        )}
      </Fact>
    </aside>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {label}
      </h2>
      <div className="mt-1">{children}</div>
    </div>
  );
}
