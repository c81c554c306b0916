import { useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLocation } from "react-router";
import { formatDistance } from "~/components/meadow-card";
import { CropCheckbox, SeasonOptions } from "~/components/crops";
import { OpenNowCheckbox } from "~/components/hours";
import { SearchSuggestions } from "~/components/search-suggestions";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { ChevronDownIcon, LocateIcon, PinIcon, SlidersIcon } from "~/components/ui/icons";
import { inputClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useGeolocation } from "~/hooks/use-geolocation";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLiveSearch, useUrlField } from "~/hooks/use-live-search";
import { useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { CROPS } from "~/lib/crops";
import { COUNTRIES } from "~/lib/countries";
import {
  DISTANCE_CHOICES_KM,
  effectiveSort,
  LIST_SORTS,
  meadowSearchQuery,
  type ActiveLocation,
  type ListSort,
  type MeadowSearch,
} from "~/lib/schemas/meadow-search";

/**
 * The meadows list's search form: words, a place or the device's position, and the filters.
 * With JavaScript each change loads the results at once (useLiveSearch); without it, the form
 * is a plain GET. On phones the filters fold away unless one is set.
 */
export function MeadowFilters({
  search,
  sort,
  location,
  placeNotFound,
  clearLocationQuery: clearLocationFromLoader,
}: {
  search: MeadowSearch;
  /** The order the results are in. */
  sort: ListSort;
  location: ActiveLocation | null;
  placeNotFound: boolean;
  /** The search without its location, when the loader knows it (a place read from the words). */
  clearLocationQuery?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const geolocation = useGeolocation();
  const formRef = useRef<HTMLFormElement>(null);
  const live = useLiveSearch({ search, sort, formRef });
  const ids = {
    needsLocation: useId(),
    priceNote: useId(),
    search: useId(),
    searchLabel: useId(),
  };
  const located = location !== null;
  // Folded on phones, so the results start on the first screen; open only when the place typed
  // was not found, to show why. After that the visitor's own toggling rules.
  const [filtersOpen] = useState(() => placeNotFound);
  const filterCount = activeFilterCount(search, located);
  const season = useUrlField(search.season === undefined ? "" : String(search.season));
  const country = useUrlField(search.country ?? "");
  const km = useUrlField(located && search.km !== undefined ? String(search.km) : "");
  const sortField = useUrlField(sort);

  async function locateMe() {
    const position = await geolocation.locate();
    if (!position) return;
    live.send({ extra: { place: "", lat: String(position.lat), lng: String(position.lng) } });
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
    season: t("meadowList.sortSeason"),
    distance: t("meadowList.sortDistance"),
    name: t("meadowList.sortName"),
    price: t("meadowList.sortPrice"),
  };
  const clearLocationQuery =
    clearLocationFromLoader ??
    meadowSearchQuery({
      ...search,
      place: "",
      lat: undefined,
      lng: undefined,
      km: undefined,
      page: 1,
    });
  const sortHint = [located ? null : ids.needsLocation, sort === "price" ? ids.priceNote : null]
    .filter(Boolean)
    .join(" ");

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={t("meadowList.title")}
      className="grid gap-5 rounded-2xl border border-border bg-card p-4 shadow-xs lg:sticky lg:top-20 lg:z-10"
      onSubmit={(event) => {
        event.preventDefault();
        live.send({});
      }}
    >
      <div className="grid gap-1.5">
        <Label id={ids.searchLabel} htmlFor={ids.search}>
          {t("meadowList.searchLabel")}
        </Label>
        <SearchSuggestions
          id={ids.search}
          labelId={ids.searchLabel}
          value={live.q.value}
          onValueChange={live.type}
          onComplete={(value) => {
            live.q.set(value);
            live.send({ extra: { q: value } });
          }}
          inputProps={{
            type: "search",
            name: "q",
            placeholder: t("meadowList.searchPlaceholder"),
            enterKeyHint: "search",
            maxLength: 100,
            className: cn(inputClassName, "h-10 py-2"),
          }}
        />
      </div>

      <details
        open={filtersOpen || undefined}
        className="group/filters lg:[&::details-content]:[content-visibility:visible]"
      >
        <summary
          className={cn(
            buttonVariants({ variant: "outline" }),
            "w-full cursor-pointer list-none justify-between lg:hidden [&::-webkit-details-marker]:hidden",
          )}
          data-testid="filters-toggle"
        >
          <span className="flex items-center gap-2">
            <SlidersIcon />
            {filterCount > 0
              ? t("meadowList.filtersCount", { count: filterCount })
              : t("meadowList.filters")}
          </span>
          <ChevronDownIcon className="transition-transform group-open/filters:rotate-180 motion-reduce:transition-none" />
        </summary>
        <div className="mt-5 grid gap-5 lg:mt-0">
          <div className="grid gap-2">
            <Field
              labelProps={{ children: t("meadowList.placeLabel") }}
              errors={placeNotFound ? [t("messages.locationNotFound")] : undefined}
              inputProps={{
                type: "text",
                name: "place",
                value: live.place.value,
                placeholder: t("meadowList.placePlaceholder"),
                autoComplete: "address-level2",
                enterKeyHint: "search",
                maxLength: 200,
                onChange: (event) => live.place.set(event.currentTarget.value),
              }}
            />
            {search.placeAt ? (
              // Which of the places of the name was chosen; another name typed does not match it.
              <input
                type="hidden"
                name="at"
                value={`${search.placeAt.lat},${search.placeAt.lng}`}
              />
            ) : null}
            {location?.kind === "device" ? (
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
            {location ? (
              <p className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 gap-y-1 rounded-lg bg-accent px-3 py-2 text-sm text-accent-foreground">
                <PinIcon className="mt-0.5 shrink-0 text-primary" />
                <span className="font-medium" data-testid="active-location">
                  {location.kind === "place"
                    ? t("meadowList.nearPlace", { place: location.label })
                    : t("meadowList.nearYou")}
                </span>
                <Link
                  to={{ pathname, search: clearLocationQuery }}
                  preventScrollReset
                  className="col-start-2 justify-self-start rounded-sm font-medium underline underline-offset-4 hover:decoration-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {t("meadowList.clearLocation")}
                </Link>
              </p>
            ) : null}
          </div>

          <div className="grid gap-4 border-t border-border pt-4">
            <SelectField
              label={t("meadowList.country")}
              name="country"
              value={country.value}
              onChange={(value) => live.choose(country, "country", value)}
            >
              <option value="">{t("meadowList.allCountries")}</option>
              {countries.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SeasonSelect
              value={season.value}
              onChange={(value) => live.choose(season, "season", value)}
            />
            <OpenNowCheckbox
              key={String(!!search.openNow)}
              checked={!!search.openNow}
              onChange={() => live.send({})}
            />
            <CropChoice
              // Follows the URL (back button, links) by starting afresh when its crops change.
              key={search.crops.join(",")}
              chosen={search.crops}
              onChange={() => live.send({})}
            />
            <SelectField
              label={t("meadowList.maxDistance")}
              name="km"
              value={km.value}
              disabled={!located}
              describedBy={located ? undefined : ids.needsLocation}
              onChange={(value) => live.choose(km, "km", value)}
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
              value={sortField.value}
              describedBy={sortHint || undefined}
              onChange={(value) => live.choose(sortField, "sort", value)}
            >
              {LIST_SORTS.map((option) => (
                <option
                  key={option}
                  value={option}
                  // An order the search would not keep (nearest first without a place).
                  disabled={effectiveSort(option, located, search.q !== "") !== option}
                >
                  {sortLabels[option]}
                </option>
              ))}
            </SelectField>
            {located ? null : (
              <p id={ids.needsLocation} className="text-sm text-muted-foreground">
                {t("meadowList.needsLocation")}
              </p>
            )}
            {sort === "price" ? (
              <p id={ids.priceNote} className="text-sm text-muted-foreground">
                {t("meadowList.priceNote")}
              </p>
            ) : null}
          </div>
        </div>
      </details>
      <Button type="submit" className="w-full">
        {t("meadowList.searchButton")}
      </Button>
    </Form>
  );
}

/**
 * How many filters the folded panel holds: the place or position, each crop and each other
 * choice. The order is not counted: it narrows nothing.
 */
export function activeFilterCount(search: MeadowSearch, located: boolean): number {
  return (
    (located ? 1 : 0) +
    (located && search.km !== undefined ? 1 : 0) +
    (search.country ? 1 : 0) +
    (search.season !== undefined ? 1 : 0) +
    (search.openNow ? 1 : 0) +
    search.crops.length
  );
}

/** "In season": any time, now (at each meadow's own clock), or in a month. */
function SeasonSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t("crops.seasonLabel")} name="season" value={value} onChange={onChange}>
      <SeasonOptions />
    </SelectField>
  );
}

/**
 * The crops to look for, any of them: checkboxes named `crop`, so the plain GET form sends each
 * one, in a box of its own height that scrolls; the chosen ones come first.
 */
function CropChoice({ chosen, onChange }: { chosen: readonly string[]; onChange: () => void }) {
  const { t } = useTranslation();
  const picked = new Set(chosen);
  const crops = [
    ...CROPS.filter((crop) => picked.has(crop.id)),
    ...CROPS.filter((crop) => !picked.has(crop.id)),
  ];
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">
        {chosen.length > 0 ? t("crops.chosen", { count: chosen.length }) : t("crops.filterLabel")}
      </legend>
      {/* Labels without a list around each: fifty of them weigh on the page (its HTML budget). */}
      <div className="grid max-h-56 gap-0.5 overflow-y-auto rounded-md border border-input p-2 text-sm">
        {crops.map((crop) => (
          <CropCheckbox
            key={crop.id}
            id={crop.id}
            name="crop"
            defaultChecked={picked.has(crop.id)}
            onChange={onChange}
            dot={false}
          />
        ))}
      </div>
    </fieldset>
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
  children: ReactNode;
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
