import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { SeasonOptions } from "~/components/crops";
import { CropMenu } from "~/components/crop-menu";
import { OpenNowCheckbox } from "~/components/hours";
import { buttonVariants } from "~/components/ui/button";
import { SearchSuggestions } from "~/components/search-suggestions";
import { inputClassName } from "~/components/ui/input";
import { useTranslation } from "~/hooks/use-translation";
import { useShellData } from "~/hooks/use-shell-data";
import { useUrlField } from "~/hooks/use-live-search";
import { cn } from "~/lib/cn";
import { COUNTRIES } from "~/lib/countries";
import { MAP_MAX_CROPS } from "~/lib/crops";
import { countryName } from "~/lib/country-names";
import {
  MAP_QUERY_MAX,
  mapFilterKey,
  readMapFilters,
  type MapFilters,
  type MapView,
} from "~/lib/schemas/viewport";

/** Typed words filter the map this long after the last key. */
const TYPING_DEBOUNCE_MS = 400;

/**
 * The map page's bar: words, country, crop, season and "open now", each applied as it changes
 * (typed words after a pause), and a link to the same meadows as a list. Without JavaScript it is
 * a plain form that sends the view and the filters.
 */
export function MapFilterBar({
  view,
  filters,
  listHref,
  onFiltersChange,
}: {
  view: MapView | null;
  /** The filters in the address. */
  filters: MapFilters;
  listHref: string;
  /** `replace` when the change should not add a step to the history (typing). */
  onFiltersChange: (filters: MapFilters, replace: boolean) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  // Typed words follow the address as the list's do: words typed on while the last ones went
  // out stay in the box.
  const q = useUrlField(filters.q ?? "");
  const [country, setCountry] = useState<string>(filters.country ?? "");
  const [cropIds, setCropIds] = useState<readonly string[]>(filters.crops ?? []);
  const [season, setSeason] = useState<string>(
    filters.season === undefined ? "" : String(filters.season),
  );
  const [open, setOpen] = useState(filters.openNow ? "now" : "");
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // Back and forward bring other filters: the fields follow.
  const filterKey = mapFilterKey(filters);
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    setCountry(filters.country ?? "");
    setCropIds(filters.crops ?? []);
    setSeason(filters.season === undefined ? "" : String(filters.season));
    setOpen(filters.openNow ? "now" : "");
  }

  function applyFilters(
    next: {
      q?: string;
      country?: string;
      crops?: readonly string[];
      season?: string;
      open?: string;
    },
    replace = false,
  ) {
    clearTimeout(typingTimer.current);
    const params = new URLSearchParams({
      q: next.q ?? q.value,
      country: next.country ?? country,
      season: next.season ?? season,
      open: next.open ?? open,
    });
    for (const id of next.crops ?? cropIds) params.append("crop", id);
    const nextFilters = readMapFilters(params);
    q.markSent(nextFilters.q ?? "");
    onFiltersChange(nextFilters, replace);
  }

  const countries = [...COUNTRIES]
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));

  return (
    <Form
      method="get"
      role="search"
      aria-label={t("mapView.filterLabel")}
      className="relative flex flex-wrap items-center gap-2 border-b border-border bg-background px-4 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        applyFilters({});
      }}
    >
      {view ? (
        <>
          <input type="hidden" name="lat" value={view.lat} />
          <input type="hidden" name="lng" value={view.lng} />
          <input type="hidden" name="z" value={view.zoom} />
        </>
      ) : null}
      <label id="map-search-label" htmlFor="map-search" className="sr-only">
        {t("mapView.searchLabel")}
      </label>
      <SearchSuggestions
        id="map-search"
        labelId="map-search-label"
        value={q.value}
        onValueChange={(value) => {
          q.set(value);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(
            () => applyFilters({ q: value }, true),
            TYPING_DEBOUNCE_MS,
          );
        }}
        onComplete={(value) => {
          q.set(value);
          applyFilters({ q: value });
        }}
        className="w-full sm:w-64"
        inputProps={{
          type: "search",
          name: "q",
          maxLength: MAP_QUERY_MAX,
          placeholder: t("mapView.searchPlaceholder"),
          enterKeyHint: "search",
          className: cn(inputClassName, "h-9 w-full py-1"),
        }}
      />
      <MapFilterMenu
        name="country"
        label={t("mapView.country")}
        value={country}
        onChange={(value) => {
          setCountry(value);
          applyFilters({ country: value });
        }}
      >
        <option value="">{t("mapView.allCountries")}</option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </MapFilterMenu>
      <CropMenu
        chosen={cropIds}
        onChange={(ids) => {
          setCropIds(ids);
          applyFilters({ crops: ids });
        }}
        // On a phone the checkboxes open the bar's whole width below it; wider, below the button.
        className="min-w-34 flex-1 basis-34 sm:relative sm:min-w-0 sm:flex-none sm:basis-auto"
        buttonClassName="h-9 py-1"
        panelClassName="inset-x-4 sm:inset-x-auto sm:left-0 sm:w-64"
        limit={{ max: MAP_MAX_CROPS, note: t("mapView.cropLimit", { max: MAP_MAX_CROPS }) }}
      />
      <MapFilterMenu
        name="season"
        label={t("crops.seasonLabel")}
        value={season}
        onChange={(value) => {
          setSeason(value);
          applyFilters({ season: value });
        }}
      >
        <SeasonOptions />
      </MapFilterMenu>
      <OpenNowCheckbox
        key={open}
        checked={open === "now"}
        className="h-9 rounded-md border border-input px-3"
        onChange={(checked) => {
          setOpen(checked ? "now" : "");
          applyFilters({ open: checked ? "now" : "" });
        }}
      />
      <button type="submit" className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
        {t("mapView.apply")}
      </button>
      <Link
        to={listHref}
        className="ml-auto rounded-sm px-1 text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t("mapView.showList")}
      </Link>
    </Form>
  );
}

/** One of the map bar's menus: it applies its choice at once, and is named for screen readers. */
function MapFilterMenu({
  name,
  label,
  value,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={`map-${name}`} className="sr-only">
        {label}
      </label>
      <select
        id={`map-${name}`}
        name={name}
        value={value}
        className={cn(
          inputClassName,
          "h-9 w-auto min-w-34 flex-1 basis-34 py-1 sm:min-w-0 sm:flex-none sm:basis-auto",
        )}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </select>
    </>
  );
}
