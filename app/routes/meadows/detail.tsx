import { Fragment } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { PhotoGallery, type PhotoDeleteReply } from "~/components/photo-gallery";
import { PhotoUpload, type PhotoUploadReply } from "~/components/photo-upload";
import { LazyPinMap } from "~/components/map/lazy-pin-map";
import { Avatar } from "~/components/ui/avatar";
import { appContext } from "~/context";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { countryName } from "~/lib/country-names";
import type { Language } from "~/lib/i18n";
import { ForbiddenError, NotFoundError } from "~/services/meadows/errors";
import { getMeadow } from "~/services/meadows/records.server";
import {
  assertMayDeletePhoto,
  deletePhoto,
  listMeadowPhotos,
  MAX_PHOTOS_PER_MEADOW,
  photoImage,
  PHOTO_WIDTHS,
} from "~/services/photos.server";
import { readForm } from "~/lib/read-form.server";
import { LIMITS } from "~/services/account-limits";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "~/services/images";
import { MAX_FILES_PER_FORM, photoDeleteSchema, photoUploadSchema } from "~/lib/schemas/photo";
import { requireUser } from "~/session.server";
import { pagePath } from "~/lib/page-url";
import { redirectWithToast } from "./meadow-form.server";
import { statusOfRefusal, uploadPhotos } from "./photo-upload.server";
import { avatarSources } from "~/services/profiles.server";
import type { Route } from "./+types/detail";
import { pageUrl } from "~/lib/page-url";
import { getUser } from "~/session.server";
import { typedFields } from "~/lib/schemas/meadow";
import { shownDescription } from "~/lib/meadow-description";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { FavoriteButton, FavoriteCount } from "~/components/favorite-button";
import { favoriteSummary } from "~/services/favorites.server";
import { CropCalendar, InSeasonNow } from "~/components/crops";
import { cropsFromColumns, currentMonth } from "~/lib/crops";
import { HoursStatus } from "~/components/hours";
import { encodeTimeline, type HoursTimeline } from "~/lib/hours-text";

function encodedTimeline(timeline: HoursTimeline | undefined): string | null {
  return timeline ? encodeTimeline(timeline) : null;
}
import { hoursTimeline, monthWeek } from "~/services/meadows/hours.server";

/** How far ahead the page tells what the hours say: a week and a day, past next week's midnight. */
const DETAIL_HOURS_MS = 8 * 86_400_000;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, storage, config } = context.get(appContext);
  const { t } = getI18n(context);
  const lang = getLocale(context) as Language;
  const meadow = await getMeadow(db, params.id);
  if (!meadow) throw data(t("meadow.notFound"), { status: 404 });
  const now = new Date();
  const url = new URL(pageUrl(request).pathname, config.appUrl).href;
  const country = countryName(meadow.country, lang);
  const shown = shownDescription(meadow, lang);
  // The page sends only the description it shows, not both.
  const { description: _english, descriptionNl: _dutch, ...fields } = typedFields(meadow);
  // The page's meta description and link preview follow the text the page shows.
  const description = (shown?.text ?? `${meadow.name}, ${meadow.city}`).slice(0, 200);
  const user = getUser(context);
  // Only for the member who added it; the edit page and its action check again.
  const canEdit = meadow.ownerId !== null && user?.id === meadow.ownerId;
  const photoRows = await listMeadowPhotos(db, meadow.id);
  const photos = photoRows.map((photo) => ({
    id: photo.id,
    caption: photo.caption,
    addedOn: photo.createdAt.toISOString().slice(0, 10),
    image: photoImage(storage, photo, PHOTO_WIDTHS.gallery),
    fullSrc: photoImage(storage, photo, PHOTO_WIDTHS.full).src,
    author: {
      id: photo.author.id,
      name: photo.author.name,
      avatar: avatarSources(storage, photo.author, 32),
    },
    // A mirror of deletePhoto's rule, to offer the button; the action decides.
    canDelete: user !== null && (user.id === photo.author.id || user.id === meadow.ownerId),
  }));
  const firstPhoto = photoRows[0];
  const previewImage = firstPhoto
    ? new URL(photoImage(storage, firstPhoto, PHOTO_WIDTHS.full).src, config.appUrl).href
    : undefined;
  return {
    canEdit,
    favorite: await favoriteSummary(db, user?.id, meadow.id),
    canUpload: user !== null,
    photos,
    photoRoom: MAX_PHOTOS_PER_MEADOW - photos.length,
    photoLimits: {
      megabytes: MAX_IMAGE_BYTES / 1024 / 1024,
      megapixels: MAX_IMAGE_PIXELS / 1_000_000,
      perMeadow: MAX_PHOTOS_PER_MEADOW,
      perHour: LIMITS.photoUploadsPerMember.max,
      filesPerForm: MAX_FILES_PER_FORM,
    },
    previewImage,
    description: shown,
    meadow: {
      id: meadow.id,
      ...fields,
      country,
      lat: meadow.lat,
      lng: meadow.lng,
      isDemo: meadow.isDemo,
      crops: cropsFromColumns(meadow.crops, meadow.cropMonths),
      owner: meadow.owner
        ? {
            id: meadow.owner.id,
            name: meadow.owner.name,
            avatar: avatarSources(storage, meadow.owner, 32),
          }
        : null,
    },
    // The month at the meadow, by the server's clock: the page shows the same after hydration.
    month: currentMonth(now, meadow.country),
    hours: encodedTimeline(hoursTimeline(meadow.hoursSyntax, meadow.country, now, DETAIL_HOURS_MS)),
    week: monthWeek(meadow.hoursSyntax, meadow.country, currentMonth(now, meadow.country)) ?? null,
    mapStyleUrl: config.mapStyleUrl,
    meta: { title: `${meadow.name} · ${meadow.city} · Plukweide`, description, url },
    // schema.org: a place people visit, with its address and position, for rich link previews.
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TouristAttraction",
      name: meadow.name,
      description,
      url,
      address: {
        "@type": "PostalAddress",
        streetAddress: `${meadow.street} ${meadow.houseNumber}`,
        postalCode: meadow.postalCode,
        addressLocality: meadow.city,
        addressCountry: meadow.country,
      },
      geo: { "@type": "GeoCoordinates", latitude: meadow.lat, longitude: meadow.lng },
      ...(previewImage ? { image: previewImage } : {}),
      ...(meadow.website ? { sameAs: meadow.website } : {}),
      ...(meadow.phone ? { telephone: meadow.phone } : {}),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { title, description, url } = loaderData.meta;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "place" },
    { property: "og:site_name", content: "Plukweide" },
    { property: "og:title", content: loaderData.meadow.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(loaderData.previewImage
      ? [{ property: "og:image", content: loaderData.previewImage }]
      : []),
    { property: "place:location:latitude", content: String(loaderData.meadow.lat) },
    { property: "place:location:longitude", content: String(loaderData.meadow.lng) },
    { "script:ld+json": loaderData.jsonLd },
    // A demo meadow is an illustration, not a place: search engines should not list it.
    ...(loaderData.meadow.isDemo ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

type PhotoActionData = PhotoUploadReply | PhotoDeleteReply;

/** The photo forms: upload (several files, the form without JavaScript) and delete. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db, storage } = context.get(appContext);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const detailPath = pagePath(request, `/meadows/${params.id}`);

  if (intent === "upload-photos") {
    const reply = (body: PhotoActionData, status: number) => data(body, { status });
    const parsed = photoUploadSchema.safeParse({ caption: formData.get("caption") ?? undefined });
    if (!parsed.success) {
      return reply({ intent, error: "photos.captionTooLong" }, 400);
    }
    const files = formData
      .getAll("photos")
      .filter((value): value is File => value instanceof File && value.size > 0);
    if (files.length === 0) return reply({ intent, error: "photos.noFiles" }, 400);
    if (files.length > MAX_FILES_PER_FORM)
      return reply({ intent, error: "photos.tooManyFiles" }, 400);
    const outcomes = await uploadPhotos({
      context,
      meadowId: params.id,
      memberId: user.id,
      files,
      caption: parsed.data.caption,
    });
    const refused = outcomes.find((outcome) => !outcome.added);
    if (!refused) {
      return redirectWithToast(context, `${detailPath}#photos`, {
        type: "success",
        key: "photos.added",
      });
    }
    const someAdded = outcomes.some((outcome) => outcome.added);
    return reply({ intent, outcomes }, someAdded ? 200 : statusOfRefusal(refused.reason));
  }

  if (intent === "delete-photo") {
    const parsed = photoDeleteSchema.safeParse({
      photoId: formData.get("photoId"),
      confirm: formData.get("confirm") ?? undefined,
    });
    if (!parsed.success) throw data("Bad request", { status: 400 });
    const { photoId, confirm } = parsed.data;
    try {
      if (confirm !== "yes") {
        // Without JavaScript there is no dialog: the first press asks, the second deletes.
        await assertMayDeletePhoto(db, user.id, params.id, photoId);
        return data<PhotoActionData>({ intent, confirm: photoId });
      }
      await deletePhoto(db, storage, user.id, params.id, photoId);
    } catch (error) {
      if (error instanceof ForbiddenError) {
        return data<PhotoActionData>(
          { intent, error: "photos.notYours", photoId },
          { status: 403 },
        );
      }
      if (error instanceof NotFoundError) {
        return data<PhotoActionData>(
          { intent, error: "photos.notFound", photoId },
          { status: 404 },
        );
      }
      throw error;
    }
    return redirectWithToast(context, `${detailPath}#photos`, {
      type: "success",
      key: "photos.deleted",
    });
  }

  throw data("Unknown form", { status: 400 });
}

export default function MeadowDetail() {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const {
    meadow,
    description,
    canEdit,
    canUpload,
    photos,
    photoRoom,
    photoLimits,
    mapStyleUrl,
    favorite,
    month,
    hours,
    week,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PhotoActionData | undefined;
  const directions = `https://www.openstreetmap.org/directions?to=${meadow.lat}%2C${meadow.lng}`;
  const mapLink = `https://www.openstreetmap.org/?mlat=${meadow.lat}&mlon=${meadow.lng}#map=15/${meadow.lat}/${meadow.lng}`;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      {meadow.isDemo ? (
        <p className="mb-4 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("meadow.demo")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{meadow.name}</h1>
        {canEdit ? (
          <Link
            to={localePath(`/meadows/${meadow.id}/edit`)}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "shrink-0")}
          >
            {t("meadow.edit")}
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-muted-foreground">
        {meadow.city}, {meadow.country}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <FavoriteButton
          meadowId={meadow.id}
          meadowName={meadow.name}
          kept={favorite.kept}
          variant="labelled"
        />
        <FavoriteCount meadowId={meadow.id} kept={favorite.kept} count={favorite.count} />
      </div>

      <section id="photos" aria-labelledby="photos-title" className="mt-8 scroll-mt-20">
        <h2 id="photos-title" className="sr-only">
          {t("photos.title")}
        </h2>
        <PhotoGallery
          meadowName={meadow.name}
          photos={photos}
          actionData={actionData?.intent === "delete-photo" ? actionData : undefined}
          invite={canUpload}
        />
        <PhotoUpload
          meadowId={meadow.id}
          canUpload={canUpload}
          room={photoRoom}
          limits={photoLimits}
          actionData={actionData?.intent === "upload-photos" ? actionData : undefined}
        />
      </section>

      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          {description ? (
            // Plain text: line breaks kept, nothing turned into links or markup. `lang` tells
            // screen readers and translators when it is not the page's language.
            <p lang={description.lang} className="whitespace-pre-line leading-relaxed">
              {description.text}
            </p>
          ) : null}
          {meadow.crops.length > 0 ? (
            <section aria-labelledby="crops-title" className="mt-8 grid gap-3">
              <h2 id="crops-title" className="text-xl font-semibold tracking-tight">
                {t("crops.calendarTitle")}
              </h2>
              <InSeasonNow
                crops={meadow.crops}
                month={month}
                lang={lang}
                className="font-medium text-primary"
              />
              <CropCalendar crops={meadow.crops} month={month} />
            </section>
          ) : null}
        </div>
        <aside className="grid content-start gap-5 rounded-2xl border border-border bg-card p-5 text-sm">
          <Fact label={t("meadow.price")}>{meadow.priceText}</Fact>
          <Fact label={t("meadow.openingHours")}>
            <div className="grid gap-2">
              {hours ? <HoursStatus timeline={hours} /> : null}
              {week ? <WeekHours week={week} month={month} lang={lang} /> : null}
              {/* Free text, unless it is the syntax itself (hours converted from free text). */}
              {meadow.openingHours && meadow.openingHours !== meadow.hoursSyntax ? (
                <span className="whitespace-pre-line">{meadow.openingHours}</span>
              ) : null}
            </div>
          </Fact>
          <Fact label={t("meadow.address")}>
            <address className="not-italic">
              {meadow.street} {meadow.houseNumber}
              {meadow.addressExtra ? `, ${meadow.addressExtra}` : ""}
              <br />
              {meadow.postalCode} {meadow.city}
              <br />
              {meadow.country}
            </address>
            <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <a
                href={directions}
                rel="noopener"
                target="_blank"
                className="text-primary underline underline-offset-4"
              >
                {t("meadow.directions")}
              </a>
              <a
                href={mapLink}
                rel="noopener"
                target="_blank"
                className="text-primary underline underline-offset-4"
              >
                {t("meadow.openMap")}
              </a>
            </span>
            <div className="mt-3">
              <LazyPinMap
                lat={meadow.lat}
                lng={meadow.lng}
                name={meadow.name}
                styleUrl={mapStyleUrl}
              />
              <Link
                to={localePath(`/map?lat=${meadow.lat}&lng=${meadow.lng}&z=13`)}
                className="mt-2 inline-flex text-primary underline underline-offset-4"
              >
                {t("mapView.showOnMap")}
              </Link>
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
      </div>
    </main>
  );
}

/** A minute of the day as the page's language writes times: "09:30", "24:00". */
function clockTime(minute: number, lang: string): string {
  const hours = String(Math.floor(minute / 60)).padStart(2, "0");
  const minutes = String(minute % 60).padStart(2, "0");
  return lang === "nl" ? `${hours}.${minutes}` : `${hours}:${minutes}`;
}

/** The open times of each weekday in the meadow's current month. */
function WeekHours({
  week,
  month,
  lang,
}: {
  week: [number, number][][];
  month: number;
  lang: string;
}) {
  const { t } = useTranslation();
  // 1 January 2024 was a Monday: its week gives the weekday names, Monday first.
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" }).format(
      Date.UTC(2024, 0, 1 + day),
    );
  const monthName = new Intl.DateTimeFormat(lang, { month: "long", timeZone: "UTC" }).format(
    Date.UTC(2024, month - 1, 1),
  );
  // Folded: the address and its map below stay within a screen's reach.
  return (
    <details>
      <summary className="cursor-pointer rounded-sm text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {t("hours.weekTitle", { month: monthName })}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5" data-testid="week-hours">
        {week.map((times, day) => (
          <Fragment key={day}>
            <dt className="first-letter:uppercase">{dayName(day)}</dt>
            <dd className={times.length === 0 ? "text-muted-foreground" : undefined}>
              {times.length === 0
                ? t("hours.closedDay")
                : times
                    .map(([from, to]) => `${clockTime(from, lang)}–${clockTime(to, lang)}`)
                    .join(", ")}
            </dd>
          </Fragment>
        ))}
      </dl>
    </details>
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
