/** Weekday names (Monday first) and month names in a language, made once per language. */
const names = new Map<string, { weekdays: string[]; months: string[] }>();

function namesIn(lang: string) {
  let made = names.get(lang);
  if (!made) {
    const weekday = new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat(lang, { month: "long", timeZone: "UTC" });
    made = {
      // 1 January 2024 was a Monday: its week gives the weekday names, Monday first.
      weekdays: Array.from({ length: 7 }, (_, day) => weekday.format(Date.UTC(2024, 0, 1 + day))),
      months: Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2024, index, 1))),
    };
    names.set(lang, made);
  }
  return made;
}

/** The name of weekday `day`, 0 for Monday. */
export function weekdayName(lang: string, day: number): string {
  return namesIn(lang).weekdays[day] ?? "";
}

/** The name of `month`, 1 for January. */
export function monthName(lang: string, month: number): string {
  return namesIn(lang).months[month - 1] ?? "";
}
