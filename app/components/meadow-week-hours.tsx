import { Fragment } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { monthName, weekdayName } from "~/lib/calendar-names";

/** A minute of the day as the page's language writes times: "09:30", "24:00". */
function clockTime(minute: number, lang: string): string {
  const hours = String(Math.floor(minute / 60)).padStart(2, "0");
  const minutes = String(minute % 60).padStart(2, "0");
  return lang === "nl" ? `${hours}.${minutes}` : `${hours}:${minutes}`;
}

/** The open times of each weekday in a month: the meadow's current one, or the next it opens. */
export function WeekHours({
  week,
  month,
  lang,
}: {
  week: [number, number][][];
  month: number;
  lang: string;
}) {
  const { t } = useTranslation();
  // Folded: the address and its map below stay within a screen's reach.
  return (
    <details>
      <summary className="cursor-pointer rounded-sm text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {t("hours.weekTitle", { month: monthName(lang, month) })}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5" data-testid="week-hours">
        {week.map((times, day) => (
          <Fragment key={day}>
            <dt className="first-letter:uppercase">{weekdayName(lang, day)}</dt>
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
