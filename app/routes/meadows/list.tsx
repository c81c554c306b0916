import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "react-router";
import { formatDistance, MeadowCardGrid } from "~/components/meadow-card";
import { toMeadowCard } from "~/lib/meadow-card";
import { withCardPhotos } from "~/services/photos.server";
import { Pagination } from "~/components/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { ChevronDownIcon, LocateIcon, PinIcon, SpinnerIcon } from "~/components/ui/icons";
import { inputClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { appContext, clientIpContext } from "~/context";
import { useGeolocation } from "~/hooks/use-geolocation";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShellData } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { formatNumber } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/page-meta";
import { pageUrl } from "~/lib/page-url";
import { COUNTRIES } from "~/lib/schemas/meadow";
import {
  DISTANCE_CHOICES_KM,
  effectiveSort,
  LIST_PAGE_SIZE,
  LIST_SORTS,
  meadowSearchParams,
  meadowSearchQuery,
  parseMeadowSearch,
  type ListSort,
  type MeadowSearch,
} from "~/lib/schemas/meadow-search";
import { LIMITS } from "~/services/account-limits";
import { markKept } from "~/services/favorites.server";
import { searchMeadows } from "~/services/meadows/search.server";
import { getUser } from "~/session.server";
import type { Route } from "./+types/list";

/** The typed words go out this long after the last key, so each word is one request. */
const TYPING_DEBOUNCE_MS = 300;

type ActiveLocation = { kind: "place"; label: string } | { kind: "device" };

/**
 * An outside geocoder answers one request a second for the whole process: one visitor sending
 * many different places would make everyone's place searches wait. The embedded one costs
 * nothing, so only outside lookups count.
 */
async function mayAskGeocoder(context: Route.LoaderArgs["context"]): Promise<boolean> {
  const { config, limits } = context.get(appContext);
  if (config.geocoder.provider === "offline") return true;
  const ip = context.get(clientIpContext);
  return (await limits.hit(`place:ip:${ip}`, LIMITS.placeSearchesPerIp)).allowed;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, geocoder, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const lang = getLocale(context) as Language;
  const url = pageUrl(request);
  const search = parseMeadowSearch(url.searchParams);

  // A typed place wins over coordinates; a place the geocoder cannot find leaves the search
  // without a location (distance filter and order then do not apply) and says so by the field.
  let near: { lat: number; lng: number } | undefined;
  let location: ActiveLocation | null = null;
  let placeNotFound = false;
  if (search.place && !(await mayAskGeocoder(context))) {
    placeNotFound = true;
  } else if (search.place) {
    const found = await geocoder.search(search.place, {
      language: lang,
      countries: [...COUNTRIES],
    });
    if (found) {
      near = { lat: found.lat, lng: found.lng };
      location = { kind: "place", label: found.label };
    } else {
      placeNotFound = true;
    }
  } else if (search.lat !== undefined && search.lng !== undefined) {
    near = { lat: search.lat, lng: search.lng };
    location = { kind: "device" };
  }

  const sort = effectiveSort(search.sort, near !== undefined);
  const result = await searchMeadows(db, {
    text: search.q || undefined,
    country: search.country,
    near,
    maxDistanceKm: near ? search.km : undefined,
    sort,
    page: search.page,
    pageSize: LIST_PAGE_SIZE,
  });

  const title = t("meadowList.title");
  return {
    search,
    sort,
    location,
    placeNotFound,
    result: {
      items: await markKept(
        db,
        getUser(context)?.id,
        (await withCardPhotos(db, storage, result.items)).map(toMeadowCard),
      ),
      total: result.total,
      totalCapped: result.totalCapped,
      page: result.page,
      pageCount: result.pageCount,
      hasNextPage: result.hasNextPage,
    },
    meta: {
      title: search.q ? `${search.q} · ${title} · Plukweide` : `${title} · Plukweide`,
      description: t("meadowList.description"),
    },
    // Result pages of a particular search are for visitors, not for search engines' indexes.
    filtered: url.searchParams.size > 0,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.meta),
  ...(loaderData?.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
];

type LoaderData = Awaited<ReturnType<typeof loader>>;

/**
 * A form field's value, kept in step with the URL. It follows the URL when the URL changes by
 * other means (back button, a link, "clear location"), but not when the change is the one this
 * field just sent: the visitor may have typed on while the results loaded.
 */
function useUrlField(urlValue: string) {
  const [field, setField] = useState({ value: urlValue, sent: urlValue, seen: urlValue });
  let current = field;
  if (field.seen !== urlValue) {
    current =
      urlValue === field.sent
        ? { ...field, seen: urlValue }
        : { value: urlValue, sent: urlValue, seen: urlValue };
    setField(current);
  }
  return {
    value: current.value,
    set: (value: string) => setField((previous) => ({ ...previous, value })),
    markSent: (sent: string) => setField((previous) => ({ ...previous, sent })),
  };
}

export default function MeadowsList() {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const data = useLoaderData<typeof loader>();
  const { search, result } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const geolocation = useGeolocation();
  const formRef = useRef<HTMLFormElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The history entry the current run of typing created, which further typing replaces. */
  const typingEntry = useRef<string | null>(null);
  const typingSent = useRef(false);
  const ids = { needsLocation: useId(), priceNote: useId(), results: useId() };

  const located = data.location !== null;
  // Open on phones when a filter is set, so the visitor sees what applies; after that the
  // visitor's own toggling rules (a changing `open` prop would snap it shut mid-use).
  const [filtersOpen] = useState(() => Boolean(search.country || search.km || search.sort));
  const q = useUrlField(search.q);
  const place = useUrlField(search.place);
  const country = useUrlField(search.country ?? "");
  const km = useUrlField(located && search.km !== undefined ? String(search.km) : "");
  const sort = useUrlField(data.sort);

  const loading =
    navigation.state !== "idle" && navigation.location?.pathname === location.pathname;

  useEffect(() => {
    typingEntry.current = typingSent.current ? location.key : null;
    typingSent.current = false;
  }, [location.key]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  /** The form's search, cleaned as the URL keeps it, from page 1. */
  function searchFromForm(extra: Record<string, string> = {}): MeadowSearch {
    const raw = new URLSearchParams();
    for (const [key, value] of new FormData(formRef.current ?? undefined)) {
      if (typeof value === "string") raw.append(key, value);
    }
    for (const [key, value] of Object.entries(extra)) raw.set(key, value);
    const next = { ...parseMeadowSearch(raw), page: 1 };
    // The menu shows the default order when none was chosen; sending it would pin that order,
    // and a place entered next should bring nearest-first.
    if (!search.sort && next.sort === data.sort) delete next.sort;
    return next;
  }

  function send({ typing = false, extra }: { typing?: boolean; extra?: Record<string, string> }) {
    clearTimeout(typingTimer.current);
    const next = searchFromForm(extra);
    const params = meadowSearchParams(next);
    if (typing && `?${params}` === (location.search || "?")) return;
    q.markSent(next.q);
    place.markSent(next.place);
    // Typing refines the entry its first request made; anything else is a new step back to.
    typingSent.current = typing;
    void submit(params, {
      method: "get",
      action: location.pathname,
      replace: typing && typingEntry.current === location.key,
      preventScrollReset: true,
    });
  }

  async function locateMe() {
    const position = await geolocation.locate();
    if (!position) return;
    send({ extra: { place: "", lat: String(position.lat), lng: String(position.lng) } });
  }

  const geolocationError =
    geolocation.state.status === "failed"
      ? t(
          geolocation.state.failure === "unsupported"
            ? "messages.geolocationUnsupported"
            : "messages.locationUnavailable",
        )
      : null;

  const countries = [...COUNTRIES]
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const distanceChoices = [...DISTANCE_CHOICES_KM] as number[];
  if (located && search.km !== undefined && !distanceChoices.includes(search.km)) {
    distanceChoices.push(search.km);
    distanceChoices.sort((a, b) => a - b);
  }
  const sortLabels: Record<ListSort, string> = {
    distance: t("meadowList.sortDistance"),
    name: t("meadowList.sortName"),
    price: t("meadowList.sortPrice"),
  };
  const clearLocationQuery = meadowSearchQuery({
    ...search,
    place: "",
    lat: undefined,
    lng: undefined,
    km: undefined,
    page: 1,
  });
  const sortHint = [
    located ? null : ids.needsLocation,
    data.sort === "price" ? ids.priceNote : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("meadowList.title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("meadowList.intro")}</p>

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Form
          ref={formRef}
          method="get"
          role="search"
          aria-label={t("meadowList.title")}
          className="grid gap-5 rounded-2xl border border-border bg-card p-4 shadow-xs lg:sticky lg:top-20"
          onSubmit={(event) => {
            event.preventDefault();
            send({});
          }}
        >
          <Field
            labelProps={{ children: t("meadowList.searchLabel") }}
            inputProps={{
              type: "search",
              name: "q",
              value: q.value,
              placeholder: t("meadowList.searchPlaceholder"),
              autoComplete: "off",
              enterKeyHint: "search",
              maxLength: 100,
              onChange: (event) => {
                q.set(event.currentTarget.value);
                clearTimeout(typingTimer.current);
                typingTimer.current = setTimeout(() => send({ typing: true }), TYPING_DEBOUNCE_MS);
              },
            }}
          />

          <div className="grid gap-2">
            <Field
              labelProps={{ children: t("meadowList.placeLabel") }}
              errors={data.placeNotFound ? [t("messages.locationNotFound")] : undefined}
              inputProps={{
                type: "text",
                name: "place",
                value: place.value,
                placeholder: t("meadowList.placePlaceholder"),
                autoComplete: "address-level2",
                enterKeyHint: "search",
                maxLength: 200,
                onChange: (event) => place.set(event.currentTarget.value),
              }}
            />
            {data.location?.kind === "device" ? (
              <>
                <input type="hidden" name="lat" value={search.lat} />
                <input type="hidden" name="lng" value={search.lng} />
              </>
            ) : null}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={!hydrated}
              loading={geolocation.state.status === "locating"}
              busyLabel={t("meadowList.locating")}
              onClick={locateMe}
            >
              <LocateIcon />
              {t("meadowList.useMyLocation")}
            </Button>
            {/* Only without JavaScript: with it, the note would flash until the page hydrates. */}
            <noscript>
              <p className="text-sm text-muted-foreground">{t("meadowList.needsJavaScript")}</p>
            </noscript>
            <ErrorList errors={geolocationError ? [geolocationError] : undefined} />
            {data.location ? (
              <p className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 gap-y-1 rounded-lg bg-accent px-3 py-2 text-sm text-accent-foreground">
                <PinIcon className="mt-0.5 shrink-0 text-primary" />
                <span className="font-medium" data-testid="active-location">
                  {data.location.kind === "place"
                    ? t("meadowList.nearPlace", { place: data.location.label })
                    : t("meadowList.nearYou")}
                </span>
                <Link
                  to={{ pathname: location.pathname, search: clearLocationQuery }}
                  preventScrollReset
                  className="col-start-2 justify-self-start rounded-sm font-medium underline underline-offset-4 hover:decoration-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {t("meadowList.clearLocation")}
                </Link>
              </p>
            ) : null}
          </div>

          <details
            open={filtersOpen || undefined}
            className="group/filters border-t border-border pt-4 lg:[&::details-content]:[content-visibility:visible]"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-sm text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:hidden [&::-webkit-details-marker]:hidden">
              {t("meadowList.filters")}
              <ChevronDownIcon className="transition-transform group-open/filters:rotate-180 motion-reduce:transition-none" />
            </summary>
            <div className="mt-4 grid gap-4 lg:mt-0">
              <SelectField
                label={t("meadowList.country")}
                name="country"
                value={country.value}
                onChange={(value) => {
                  country.set(value);
                  country.markSent(value);
                  send({ extra: { country: value } });
                }}
              >
                <option value="">{t("meadowList.allCountries")}</option>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t("meadowList.maxDistance")}
                name="km"
                value={km.value}
                disabled={!located}
                describedBy={located ? undefined : ids.needsLocation}
                onChange={(value) => {
                  km.set(value);
                  km.markSent(value);
                  send({ extra: { km: value } });
                }}
              >
                <option value="">{t("meadowList.anyDistance")}</option>
                {distanceChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {formatDistance(choice, lang)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t("meadowList.sort")}
                name="sort"
                value={sort.value}
                describedBy={sortHint || undefined}
                onChange={(value) => {
                  sort.set(value);
                  sort.markSent(value);
                  send({ extra: { sort: value } });
                }}
              >
                {LIST_SORTS.map((option) => (
                  <option key={option} value={option} disabled={option === "distance" && !located}>
                    {sortLabels[option]}
                  </option>
                ))}
              </SelectField>
              {located ? null : (
                <p id={ids.needsLocation} className="text-sm text-muted-foreground">
                  {t("meadowList.needsLocation")}
                </p>
              )}
              {data.sort === "price" ? (
                <p id={ids.priceNote} className="text-sm text-muted-foreground">
                  {t("meadowList.priceNote")}
                </p>
              ) : null}
            </div>
          </details>
          <Button type="submit" className="w-full">
            {t("meadowList.searchButton")}
          </Button>
        </Form>

        <section aria-labelledby={ids.results} className="min-w-0">
          <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <h2
              id={ids.results}
              className="text-lg font-semibold"
              aria-live="polite"
              data-testid="result-count"
            >
              {resultHeading(t, data, lang)}
            </h2>
            {loading ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <SpinnerIcon />
                {t("meadowList.loading")}
              </p>
            ) : null}
          </div>
          <div
            aria-busy={loading || undefined}
            className={cn(
              "mt-4 transition-opacity motion-reduce:transition-none",
              loading && "opacity-60",
            )}
          >
            {result.items.length > 0 ? (
              <MeadowCardGrid meadows={result.items} besideFilters data-testid="meadow-results" />
            ) : (
              <EmptyResults data={data} pathname={location.pathname} />
            )}
          </div>
          <Pagination
            page={data.result.page}
            pageCount={data.result.totalCapped ? undefined : data.result.pageCount}
            hasNextPage={data.result.hasNextPage}
            to={(target) => ({
              pathname: location.pathname,
              search: meadowSearchQuery({ ...data.search, page: target }),
            })}
          />
        </section>
      </div>
    </main>
  );
}

function resultHeading(
  t: ReturnType<typeof useTranslation>["t"],
  data: LoaderData,
  lang: Language,
): string {
  const { total, totalCapped, items } = data.result;
  if (items.length === 0) return t("messages.noMeadows");
  const formatted = formatNumber(total, lang);
  return totalCapped
    ? t("meadowList.countCapped", { formatted })
    : t("meadowList.count", { count: total, formatted });
}

/** What to do next when nothing is listed; the heading above already says "No meadows found". */
function EmptyResults({ data, pathname }: { data: LoaderData; pathname: string }) {
  const { t } = useTranslation();
  const pastTheEnd = data.result.total > 0 && data.search.page > 1;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-12 text-center">
      <svg
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
        className="size-12 text-primary/60"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      >
        <path d="M24 44V24" />
        <path d="M24 30c-6 0-10-4-10-10 6 0 10 4 10 10Zm0-4c5 0 8-3 8-8-5 0-8 3-8 8Z" />
        <circle cx="24" cy="12" r="6" />
        <path d="M8 44h32" />
      </svg>
      {pastTheEnd ? (
        <Link
          to={{ pathname, search: meadowSearchQuery({ ...data.search, page: 1 }) }}
          className={cn(buttonVariants({ variant: "outline" }), "mt-4")}
        >
          {t("meadowList.firstPage")}
        </Link>
      ) : (
        <>
          <p className="mt-4 max-w-sm text-sm text-muted-foreground">{t("meadowList.emptyHint")}</p>
          <Link to={pathname} className={cn(buttonVariants({ variant: "outline" }), "mt-4")}>
            {t("meadowList.showAll")}
          </Link>
        </>
      )}
    </div>
  );
}

/** A labelled native select: works without JavaScript, and phones show their own picker. */
function SelectField({
  label,
  name,
  value,
  disabled,
  describedBy,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  disabled?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cn(inputClassName, "h-10 py-2")}
      >
        {children}
      </select>
    </div>
  );
}
