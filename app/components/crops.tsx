import { useTranslation } from "~/hooks/use-translation";
import { cn } from "~/lib/cn";
import { cropById, inMonth, MONTHS, seasonRuns, type MeadowCrop } from "~/lib/crops";
import type { Language } from "~/lib/i18n";

/*
 * A meadow's crops as visitors see them: a dot in the crop's colour beside its name (the name
 * always says it; the colour only helps the eye), its season as months, and what is in season
 * now. "Now" is the month the server computed for the meadow's country, passed down, so the page
 * reads the same when rendered and after hydration.
 */

type Translate = ReturnType<typeof useTranslation>["t"];

export function cropName(t: Translate, id: string): string {
  return t(`crops.names.${id}` as never);
}

export function monthName(t: Translate, month: number, short = false): string {
  return short ? t(`crops.monthsShort.${month}` as never) : t(`crops.months.${month}` as never);
}

/** A crop's name inside a sentence: "dahlias", but "Brussels sprouts" keeps its capital. */
export function cropNameInText(t: Translate, lang: Language, id: string): string {
  const own = String(t(`crops.namesInText.${id}` as never, { defaultValue: "" } as never));
  return own || cropName(t, id).toLocaleLowerCase(lang);
}

/** "dahlias and sunflowers", "dahlia's en zonnebloemen": names in a sentence. */
export function cropList(t: Translate, lang: Language, ids: readonly string[]): string {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(
    ids.map((id) => cropNameInText(t, lang, id)),
  );
}

/** "Jul–Oct", "Nov–Jan", "Apr, Jun–Aug": a season's months in short. */
export function seasonText(t: Translate, months: number): string {
  return seasonRuns(months)
    .map(([from, to]) =>
      from === to
        ? monthName(t, from, true)
        : `${monthName(t, from, true)}–${monthName(t, to, true)}`,
    )
    .join(", ");
}

export function CropDot({ id, className }: { id: string; className?: string }) {
  const colour = cropById(id)?.colour ?? "currentColor";
  return (
    <span
      aria-hidden="true"
      className={cn(
        // A light ring in dark mode: the darkest berries' colours would vanish on the page.
        "inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/40",
        className,
      )}
      // The colour is data (one of the catalogue's); ADR 8 allows inline style attributes.
      style={{ backgroundColor: colour }}
    />
  );
}

/** The choices of a season filter: any season, in season now, or in season in a month. */
export function SeasonOptions() {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("crops.anySeason")}</option>
      <option value="now">{t("crops.inSeasonNowLong")}</option>
      {MONTHS.map((month) => (
        <option key={month} value={month}>
          {monthName(t, month)}
        </option>
      ))}
    </>
  );
}

/**
 * A crop's checkbox with its name (and its dot, unless `dot` is false), as the form, the list's
 * filters and the crop menus show it. Its classes live in app.css: the list repeats it fifty times.
 */
export function CropCheckbox({
  id,
  name,
  checked,
  defaultChecked,
  onChange,
  disabled,
  dot = true,
  className,
}: {
  id: string;
  /** The form field: `crops` on the meadow form, `crop` in the search. */
  name: string;
  /** Set where the ticks are the page's state (a crop menu); else `defaultChecked`. */
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  dot?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={cn("crop-check", className)}>
      <input
        type="checkbox"
        name={name}
        value={id}
        checked={checked}
        disabled={disabled}
        defaultChecked={checked === undefined ? defaultChecked : undefined}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
      {dot ? <CropDot id={id} /> : null}
      {cropName(t, id)}
    </label>
  );
}

/**
 * "In season now: dahlias and sunflowers", or nothing when no crop is (pickableInSeason's ids).
 */
export function InSeasonNow({
  ids,
  lang,
  className,
}: {
  ids: readonly string[];
  lang: Language;
  className?: string;
}) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <p className={className} data-testid="in-season-now">
      {t("crops.inSeasonNow", { crops: cropList(t, lang, ids) })}
    </p>
  );
}

/**
 * The twelve-month calendar of a meadow's crops: a table with a row per crop and a column per
 * month, each cell saying in words (for screen readers) whether the crop is picked then; the
 * current month's column is marked.
 */
export function CropCalendar({ crops, month }: { crops: readonly MeadowCrop[]; month: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="@container relative min-w-0 overflow-x-auto rounded-lg border border-border"
      role="region"
      aria-label={t("crops.calendarCaption")}
      // A region that scrolls must take focus for the keyboard to scroll it (axe's rule).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {/* On a phone the months go by their first letter, so all twelve (this one too) fit
          without scrolling; from 28rem on, by their short names. */}
      <table className="w-full min-w-[18rem] border-collapse text-sm">
        <caption className="sr-only">{t("crops.calendarCaption")}</caption>
        <thead>
          <tr className="bg-muted/60">
            <th scope="col" className="px-2 py-2 @md:px-3 text-left font-medium">
              {t("crops.crop")}
            </th>
            {MONTHS.map((m) => (
              <th
                key={m}
                scope="col"
                className={cn(
                  "w-4 px-0.5 py-2 text-center text-xs font-medium @md:w-auto",
                  m === month && "bg-primary/15 text-foreground",
                )}
                aria-current={m === month ? "date" : undefined}
              >
                <abbr title={monthName(t, m)} className="no-underline">
                  <span aria-hidden="true" className="@md:hidden">
                    {monthName(t, m, true).charAt(0).toLocaleUpperCase(i18n.language)}
                  </span>
                  <span className="sr-only @md:not-sr-only">{monthName(t, m, true)}</span>
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {crops.map((crop) => (
            <tr key={crop.id} className="border-t border-border">
              <th scope="row" className="px-2 py-1.5 @md:px-3 text-left font-normal">
                <span className="flex items-center gap-2">
                  <CropDot id={crop.id} />
                  {cropName(t, crop.id)}
                </span>
              </th>
              {MONTHS.map((m) => {
                const picked = inMonth(crop.months, m);
                return (
                  <td
                    key={m}
                    className={cn("px-0.5 py-1.5 text-center", m === month && "bg-primary/10")}
                  >
                    {picked ? (
                      <span
                        className="mx-auto block h-3 w-full max-w-6 rounded-sm ring-1 ring-black/10 ring-inset dark:ring-white/40"
                        style={{ backgroundColor: cropById(crop.id)?.colour }}
                      >
                        <span className="sr-only">{t("crops.picked")}</span>
                      </span>
                    ) : (
                      <span className="sr-only">{t("crops.notPicked")}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The short form for cards and the map's popup, from the ids of the crops in season now:
 * "In season: dahlias, sunflowers", "In season: tulips, peonies, roses and 2 more".
 */
export function inSeasonShortText(t: Translate, lang: Language, ids: readonly string[]): string {
  const shown = ids.slice(0, 3);
  const names = shown.map((id) => cropNameInText(t, lang, id)).join(", ");
  const more = ids.length - shown.length;
  return more > 0
    ? t("crops.inSeasonShortMore", { crops: names, count: more })
    : t("crops.inSeasonShort", { crops: names });
}
