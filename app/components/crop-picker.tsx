import { useMemo, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { CropCheckbox, cropName, cropNameInText, monthName, seasonText } from "~/components/crops";
import { useShellData } from "~/hooks/use-shell-data";
import { ErrorList } from "~/components/ui/field";
import {
  cropMonthValue,
  CROPS,
  inMonth,
  maskMonths,
  monthMask,
  MONTHS,
  type CropKind,
} from "~/lib/crops";
import { cropsOutsideHours, hoursOpenMonths, meadowCrops } from "~/lib/schemas/meadow";

const KINDS: CropKind[] = ["flower", "fruit", "vegetable"];

/** A checkbox group's value as Conform hands it back: nothing, one string, or a list. */
function asList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

/**
 * The crops of the add and edit form: a box per crop, grouped by kind, and under each a fold
 * with its months, ticked for its usual season (or the meadow's own months). Plain checkboxes
 * named `crops` and `cropMonths` ("dahlia:8"), so the form works without JavaScript.
 */
export function CropPicker({
  crops,
  cropMonths,
  errors,
  errorId,
}: {
  /** The ticked crop ids, as Conform holds the field. */
  crops: unknown;
  /** The ticked "id:month" values; a crop with none shows its usual season. */
  cropMonths: unknown;
  errors?: string[];
  errorId: string;
}) {
  const { t } = useTranslation();
  // Months show for ticked crops only (about 600 boxes otherwise); ticking one shows its months
  // with JavaScript, and without it the crop is saved with its usual season, to adjust later.
  const [ticked, setTicked] = useState(() => new Set(asList(crops)));
  const months = new Set(asList(cropMonths));
  const hasOwnMonths = (id: string) =>
    MONTHS.some((month) => months.has(cropMonthValue(id, month)));
  return (
    <div className="grid gap-5" aria-describedby={errors?.length ? errorId : undefined}>
      <ErrorList id={errorId} errors={errors} />
      {KINDS.map((kind) => (
        <fieldset key={kind} className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">{t(`crops.kinds.${kind}`)}</legend>
          <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
            {CROPS.filter((crop) => crop.kind === kind).map((crop) => {
              const own = hasOwnMonths(crop.id);
              const checkedMonth = (month: number) =>
                own ? months.has(cropMonthValue(crop.id, month)) : inMonth(crop.season, month);
              const name = cropName(t, crop.id);
              const ownSeason = monthMask(MONTHS.filter(checkedMonth));
              return (
                <li key={crop.id} className="rounded-md py-1" data-crop={crop.id}>
                  <CropCheckbox
                    id={crop.id}
                    name="crops"
                    defaultChecked={ticked.has(crop.id)}
                    onChange={(checked) =>
                      setTicked((previous) => {
                        const next = new Set(previous);
                        if (checked) next.add(crop.id);
                        else next.delete(crop.id);
                        return next;
                      })
                    }
                    className="min-h-8"
                  />
                  {ticked.has(crop.id) ? (
                    <details className="ml-6 text-sm">
                      <summary className="cursor-pointer text-muted-foreground">
                        {t("crops.monthsSummary", { season: seasonText(t, ownSeason) })}
                      </summary>
                      <fieldset className="mt-1 grid grid-cols-4 gap-1 pb-2">
                        <legend className="sr-only">{t("crops.monthsFor", { crop: name })}</legend>
                        {MONTHS.map((month) => (
                          <label key={month} className="flex items-center gap-1">
                            <input
                              type="checkbox"
                              name="cropMonths"
                              value={cropMonthValue(crop.id, month)}
                              defaultChecked={checkedMonth(month)}
                              className="size-3.5 accent-primary"
                            />
                            <abbr title={monthName(t, month)} className="no-underline">
                              {monthName(t, month, true)}
                            </abbr>
                          </label>
                        ))}
                      </fieldset>
                    </details>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

/**
 * Under the crops, while the hours keep the meadow closed in months some ticked crop is marked
 * for: which crops, which months. Read from the form as it is being filled in; it refuses nothing.
 */
export function CropsOutsideHours({
  crops,
  cropMonths,
  hoursSyntax,
  country,
}: {
  crops: unknown;
  cropMonths: unknown;
  hoursSyntax: string;
  country: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const ticked = meadowCrops({ crops: asList(crops), cropMonths: asList(cropMonths) });
  // Reading the hours walks two years of days: only when they change.
  const open = useMemo(() => hoursOpenMonths(hoursSyntax, country), [hoursSyntax, country]);
  const outside = cropsOutsideHours(ticked, open);
  const months = new Intl.ListFormat(lang, { type: "conjunction" });
  return (
    <div role="status" aria-live="polite">
      {outside.length > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          {t("crops.outsideHours", {
            list: outside
              .map((crop) =>
                t("crops.outsideHoursItem", {
                  crop: cropNameInText(t, lang, crop.id),
                  months: months.format(
                    maskMonths(crop.months).map((month) => monthName(t, month)),
                  ),
                }),
              )
              .join("; "),
          })}
        </p>
      ) : null}
    </div>
  );
}
