import { useTranslation } from "~/hooks/use-translation";
import { data, useActionData, useLoaderData } from "react-router";
import { PhotoGallery } from "~/components/photo-gallery";
import { PhotoUpload } from "~/components/photo-upload";
import { MeadowFacts } from "~/components/meadow-facts";
import { MeadowHeading } from "~/components/meadow-heading";
import { appContext } from "~/context";
import { useShellData } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { countryName } from "~/lib/country-names";
import type { Language } from "~/lib/i18n";
import { getMeadow } from "~/services/meadows/records.server";
import { MAX_PHOTOS_PER_MEADOW } from "~/services/photos.server";
import { readForm } from "~/lib/read-form.server";
import { isMultipart } from "~/lib/read-upload.server";
import { passOnHeaders } from "~/route-headers";
import { requireUser } from "~/session.server";
import { pagePath } from "~/lib/page-url";
import {
  deletePhotoFromForm,
  galleryPhotos,
  photoLimits,
  uploadPhotosFromForm,
  type PhotoActionData,
} from "./meadow-photos.server";
import { avatarSources } from "~/services/profiles.server";
import type { Route } from "./+types/detail";
import { pageUrl } from "~/lib/page-url";
import { getUser } from "~/session.server";
import { typedFields } from "~/lib/schemas/meadow";
import { shownDescription } from "~/lib/meadow-description";
import { meadowJsonLd } from "~/lib/meadow-json-ld";
import { metaDescription } from "~/lib/page-meta";
import { favoriteSummary } from "~/services/favorites.server";
import { CropCalendar, InSeasonNow } from "~/components/crops";
import { HoursStatus } from "~/components/hours";
import { cropsFromColumns, currentMonth } from "~/lib/crops";
import { drawnCrops, pickableInSeason } from "~/lib/meadow-card";
import { encodeTimeline, type HoursTimeline } from "~/lib/hours-text";
import { hoursTimeline, weekShownAt } from "~/services/meadows/hours.server";

function encodedTimeline(timeline: HoursTimeline | undefined): string | null {
  return timeline ? encodeTimeline(timeline) : null;
}

/** How far ahead the page tells what the hours say: a week and a day, past next week's midnight. */
const DETAIL_HOURS_MS = 8 * 86_400_000;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, storage, config } = context.get(appContext);
  const { t } = getI18n(context);
  const lang = getLocale(context) as Language;
  const meadow = await getMeadow(db, params.id);
  if (!meadow) throw data(t("meadow.notFound"), { status: 404 });
  const now = new Date();
  // The month at the meadow, by the server's clock: the page shows the same after hydration.
  const month = currentMonth(now, meadow.country);
  const url = new URL(pageUrl(request).pathname, config.appUrl).href;
  const country = countryName(meadow.country, lang);
  const shown = shownDescription(meadow, lang);
  // The page sends only the description it shows, not both.
  const { description: _english, descriptionNl: _dutch, ...fields } = typedFields(meadow);
  // The page's meta description and link preview follow the text the page shows.
  const description = metaDescription(shown?.text ?? `${meadow.name}, ${meadow.city}`);
  const user = getUser(context);
  // Only for the member who added it; the edit page and its action check again.
  const canEdit = meadow.ownerId !== null && user?.id === meadow.ownerId;
  const { photos, previewImage } = await galleryPhotos(context, meadow, user);
  const crops = cropsFromColumns(meadow.crops, meadow.cropMonths);
  const hours = hoursTimeline(meadow.hoursSyntax, meadow.country, now, DETAIL_HOURS_MS);
  return {
    canEdit,
    favorite: await favoriteSummary(db, user?.id, meadow.id),
    canUpload: user !== null,
    photos,
    photoRoom: MAX_PHOTOS_PER_MEADOW - photos.length,
    photoLimits: photoLimits(),
    previewImage,
    description: shown,
    meadow: {
      id: meadow.id,
      ...fields,
      country,
      lat: meadow.lat,
      lng: meadow.lng,
      isDemo: meadow.isDemo,
      crops,
      owner: meadow.owner
        ? {
            id: meadow.owner.id,
            name: meadow.owner.name,
            avatar: avatarSources(storage, meadow.owner, 32),
          }
        : null,
    },
    month,
    inSeason: pickableInSeason(crops, meadow.country, now, hours),
    hours: encodedTimeline(hours),
    week: weekShownAt(meadow.hoursSyntax, meadow.country, now, hours) ?? null,
    mapStyleUrl: config.mapStyleUrl,
    meta: { title: `${meadow.name} · ${meadow.city} · Plukweide`, description, url },
    jsonLd: meadowJsonLd(meadow, { description, url, image: previewImage }),
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

// A refused upload's Retry-After.
export const headers = passOnHeaders;

/** The photo forms: upload (several files, the form without JavaScript) and delete. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const where = {
    context,
    meadowId: params.id,
    memberId: user.id,
    detailPath: pagePath(request, `/meadows/${params.id}`),
  };
  // Only the upload form is multipart: its body is read file by file, never whole.
  if (isMultipart(request)) return uploadPhotosFromForm({ ...where, request });
  const formData = await readForm(request);
  if (formData.get("intent") === "delete-photo") return deletePhotoFromForm({ ...where, formData });
  throw data("Unknown form", { status: 400 });
}

export default function MeadowDetail() {
  const { t } = useTranslation();
  const { lang } = useShellData();
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
    inSeason,
    hours,
    week,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PhotoActionData | undefined;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10 sm:py-12">
      <MeadowHeading
        meadow={meadow}
        canEdit={canEdit}
        favorite={favorite}
        status={
          hours || inSeason.length > 0 ? (
            <>
              {hours ? (
                <HoursStatus
                  timeline={hours}
                  className="rounded-full bg-muted px-3 py-1 font-medium text-muted-foreground data-[hours=open]:bg-accent data-[hours=open]:text-accent-foreground"
                />
              ) : null}
              <InSeasonNow ids={inSeason} lang={lang} className="font-medium text-primary" />
            </>
          ) : null
        }
      />

      {/* A phone reads the photos, then the facts, then the rest; a wide screen keeps the facts
          beside all of it. */}
      <div className="mt-8 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_18rem] md:grid-rows-[auto_1fr]">
        <section
          id="photos"
          aria-labelledby="photos-title"
          className="min-w-0 scroll-mt-20 md:col-start-1"
        >
          <h2 id="photos-title" className="sr-only">
            {t("photos.title")}
          </h2>
          <PhotoGallery
            meadowId={meadow.id}
            meadowName={meadow.name}
            drawnCrops={drawnCrops(meadow.crops)}
            photos={photos}
            actionData={actionData?.intent === "delete-photo" ? actionData : undefined}
            invite={canUpload}
          />
        </section>
        <MeadowFacts
          meadow={meadow}
          week={week}
          mapStyleUrl={mapStyleUrl}
          className="md:col-start-2 md:row-span-2 md:row-start-1 md:self-start"
        />
        <div className="min-w-0 md:col-start-1">
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
              <CropCalendar crops={meadow.crops} month={month} />
            </section>
          ) : null}
          <PhotoUpload
            meadowId={meadow.id}
            canUpload={canUpload}
            room={photoRoom}
            limits={photoLimits}
            actionData={actionData?.intent === "upload-photos" ? actionData : undefined}
          />
        </div>
      </div>
    </main>
  );
}
