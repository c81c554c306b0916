import { getInputProps, useInputControl, type FieldMetadata } from "@conform-to/react";
import { useId, useState } from "react";
import { useTranslatedErrors } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ChevronDownIcon } from "~/components/ui/icons";
import { inputClassName } from "~/components/ui/input";
import { useHydrated } from "~/hooks/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";
import { cn } from "~/lib/cn";
import { MONTHS } from "~/lib/crops";
import { monthName, weekdayName } from "~/lib/calendar-names";
import {
  editorState,
  editorSyntax,
  EMPTY_EDITOR,
  type HoursEditorState,
  type TimeRange,
} from "~/lib/hours-editor";

/** At most this many time ranges a day: a lunch break makes two. */
const MAX_TIME_RANGES = 4;

/**
 * The hours in OpenStreetMap's syntax, and with JavaScript an editor above it that writes the
 * syntax from days, times, season months, public holidays and "by appointment". Typing or
 * pasting syntax the editor can show fills the editor; other syntax leaves it aside (the field
 * is what is saved). Without JavaScript the field alone is the form.
 */
export function HoursEditor({
  meta,
  lang,
}: {
  meta: FieldMetadata<string | null | undefined>;
  lang: "en" | "nl";
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const control = useInputControl(meta);
  const syntax = typeof control.value === "string" ? control.value : "";
  const [state, setState] = useState<HoursEditorState>(
    () => editorState(syntax) ?? { ...EMPTY_EDITOR },
  );
  const readable = editorState(syntax) !== null;
  const errors = useTranslatedErrors(meta.errors);

  function change(next: HoursEditorState) {
    setState(next);
    control.change(editorSyntax(next));
  }

  return (
    <div className="grid gap-4">
      {hydrated ? <EditorControls state={state} lang={lang} onChange={change} /> : null}
      {hydrated && !readable ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t("hours.syntaxInvalid")}
        </p>
      ) : null}
      <AdvancedFold
        hydrated={hydrated}
        // Syntax the editor cannot show, or an error in it: the member has to see the field.
        needed={!readable || (errors?.length ?? 0) > 0}
        summary={t("hours.advanced")}
      >
        <Field
          labelProps={{ children: t("hours.syntaxLabel") }}
          // Without JavaScript there is no editor above to point to.
          hint={hydrated ? t("hours.syntaxHint") : t("hours.syntaxHintWithoutEditor")}
          hintId={meta.descriptionId}
          errorId={meta.errorId}
          errors={errors}
          inputProps={{
            ...getInputProps(meta, { type: "text", ariaAttributes: false }),
            // The control keeps the value, which the editor writes too; without JavaScript the
            // server's value is simply edited in place.
            value: syntax,
            defaultValue: undefined,
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
              const value = event.currentTarget.value;
              control.change(value);
              const read = editorState(value);
              if (read) setState(read);
            },
            onBlur: () => control.blur(),
            autoComplete: "off",
            spellCheck: false,
            className: "font-mono text-sm",
          }}
        />
      </AdvancedFold>
    </div>
  );
}

/**
 * What most members never need, folded under a summary once the editor above does the work.
 * Without JavaScript the field is the only way in, so it is not folded. Once it had to be seen
 * it stays open: a valid syntax typed into it must not fold it away mid-word.
 */
function AdvancedFold({
  hydrated,
  needed,
  summary,
  children,
}: {
  hydrated: boolean;
  needed: boolean;
  summary: string;
  children: React.ReactNode;
}) {
  const [keptOpen, setKeptOpen] = useState(false);
  if (hydrated && needed && !keptOpen) setKeptOpen(true);
  if (!hydrated) return <>{children}</>;
  return (
    <details className="group/advanced" open={keptOpen || undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <ChevronDownIcon className="transition-transform group-open/advanced:rotate-180 motion-reduce:transition-none" />
        {summary}
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function EditorControls({
  state,
  lang,
  onChange,
}: {
  state: HoursEditorState;
  lang: "en" | "nl";
  onChange: (next: HoursEditorState) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const setTime = (index: number, part: keyof TimeRange, value: string) =>
    onChange({
      ...state,
      times: state.times.map((range, at) => (at === index ? { ...range, [part]: value } : range)),
    });
  const season = state.season;
  return (
    <div className="grid gap-4 rounded-lg border border-border p-4" data-testid="hours-editor">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t("hours.days")}</legend>
        <div className="flex flex-wrap gap-2">
          {state.days.map((open, day) => (
            <label
              key={day}
              className="flex items-center gap-1.5 rounded-md border border-input px-2.5 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input
                type="checkbox"
                checked={open}
                className="size-4 accent-primary"
                onChange={(event) =>
                  onChange({
                    ...state,
                    days: state.days.map((value, at) =>
                      at === day ? event.currentTarget.checked : value,
                    ),
                  })
                }
              />
              <span className="first-letter:uppercase">{weekdayName(lang, day)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {state.times.map((range, index) => (
        <fieldset
          key={index}
          className="grid items-end gap-3 min-[25rem]:grid-cols-2 sm:flex sm:flex-wrap"
        >
          <legend className="sr-only">{t("hours.timesLabel", { number: index + 1 })}</legend>
          <TimeInput
            id={`${id}-from-${index}`}
            label={t("hours.from")}
            value={range.from}
            onChange={(value) => setTime(index, "from", value)}
          />
          <TimeInput
            id={`${id}-to-${index}`}
            label={t("hours.until")}
            value={range.to}
            onChange={(value) => setTime(index, "to", value)}
          />
          {state.times.length > 1 ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="col-span-full justify-self-start"
              aria-label={`${t("hours.removeTimes")} (${t("hours.timesLabel", { number: index + 1 })})`}
              onClick={() =>
                onChange({ ...state, times: state.times.filter((_, at) => at !== index) })
              }
            >
              {t("hours.removeTimes")}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {state.times.length < MAX_TIME_RANGES ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            onChange({ ...state, times: [...state.times, { from: "13:00", to: "17:00" }] })
          }
        >
          {t("hours.addTimes")}
        </Button>
      ) : null}

      <div className="grid items-end gap-3 min-[25rem]:grid-cols-2 sm:flex sm:flex-wrap">
        <MonthSelect
          id={`${id}-season-from`}
          label={t("hours.seasonFrom")}
          value={season?.from ?? 0}
          allYear={t("hours.allYear")}
          lang={lang}
          onChange={(from) =>
            onChange({
              ...state,
              season: from === 0 ? null : { from, to: season?.to ?? from },
            })
          }
        />
        {season ? (
          <MonthSelect
            id={`${id}-season-to`}
            label={t("hours.seasonUntil")}
            value={season.to}
            lang={lang}
            onChange={(to) => onChange({ ...state, season: { from: season.from, to } })}
          />
        ) : null}
      </div>

      <div className="grid gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={state.closedOnHolidays}
            className="size-4 accent-primary"
            onChange={(event) =>
              onChange({ ...state, closedOnHolidays: event.currentTarget.checked })
            }
          />
          {t("hours.closedOnHolidays")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={state.byAppointment}
            className="size-4 accent-primary"
            onChange={(event) => onChange({ ...state, byAppointment: event.currentTarget.checked })}
          />
          {t("hours.byAppointmentOutside")}
        </label>
      </div>
    </div>
  );
}

function TimeInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        type="time"
        value={value}
        step={300}
        className={cn(inputClassName, "h-10 w-full px-2 py-2 sm:w-36")}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

function MonthSelect({
  id,
  label,
  value,
  allYear,
  lang,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  allYear?: string;
  lang: string;
  onChange: (month: number) => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        className={cn(inputClassName, "h-10 w-full py-2 sm:w-44")}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {allYear ? <option value={0}>{allYear}</option> : null}
        {MONTHS.map((month) => (
          <option key={month} value={month}>
            {monthName(lang, month)}
          </option>
        ))}
      </select>
    </div>
  );
}
