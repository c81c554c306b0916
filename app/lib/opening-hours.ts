import OpeningHours from "opening_hours";

/*
 * Opening hours in OpenStreetMap's `opening_hours` syntax ("Mo-Fr 10:00-18:00; PH off"), read by
 * the `opening_hours` library, and the weekly form the database answers "open now" from (ADR 37).
 *
 * The library reads a Date by its local fields (getHours, getDay), so a meadow's hours are read
 * at a "wall-clock date": a Date whose local fields are the meadow's clock at that instant. The
 * server runs with TZ=UTC (server.ts), where every wall-clock time exists exactly once.
 */

/** How many minutes a week has; a stored key is (month - 1) * WEEK_MINUTES + minute of week. */
export const WEEK_MINUTES = 7 * 24 * 60;
const DAY_MINUTES = 24 * 60;
const DAY_MS = 86_400_000;

/** The longest syntax a member may give. */
export const HOURS_SYNTAX_MAX = 500;

/**
 * The years the weekly form is derived from: every month and weekday occurs in them at least
 * eight times, and the public holidays fall on different weekdays. Fixed, so the same hours
 * always give the same form.
 */
const REFERENCE_FROM = new Date(2027, 0, 1);
const REFERENCE_TO = new Date(2029, 0, 1);

/** The state the library is given for countries whose holidays it knows by state only. */
const HOLIDAY_STATES: Record<string, string> = { GB: "England" };

function place(country: string) {
  const code = country.toUpperCase();
  return {
    lat: 52,
    lon: 5,
    address: { country_code: code.toLowerCase(), state: HOLIDAY_STATES[code] ?? "" },
  };
}

/** Why the syntax cannot be stored, as a catalogue key (validation.*). */
export type HoursProblem =
  | "validation.hoursSyntax"
  | "validation.hoursYears"
  | "validation.hoursDates"
  | "validation.hoursHolidays"
  | "validation.hoursTooLong";

export type ParsedHours = { hours: OpeningHours } | { problem: HoursProblem };

/** The library's reading of `value` for a meadow in `country`, or why it has none. */
export function parseHours(value: string, country: string): ParsedHours {
  if (value.length > HOURS_SYNTAX_MAX) return { problem: "validation.hoursTooLong" };
  try {
    // mode 0: time ranges only; the hours of a meadow are never points in time.
    return { hours: new OpeningHours(value, place(country), { mode: 0, locale: "en" } as never) };
  } catch {
    return { problem: "validation.hoursSyntax" };
  }
}

/** The weekly form of some hours: what the database stores (see derivedHours). */
export interface WeeklyHours {
  /** Open minutes as [from, to) keys, (month - 1) * WEEK_MINUTES + minute of the week (Monday 0). */
  ranges: [number, number][];
  /** Closed all day on the public holidays of the meadow's country ("PH off"). */
  closedOnHolidays: boolean;
}

export type DerivedHours = { weekly: WeeklyHours } | { problem: HoursProblem };

/** A year, as the syntax writes one; a weekly form would be wrong in other years. */
const YEAR = /(^|[^\d:])(19|20)\d\d(?![\d:])/;
const HOLIDAY = /\bPH\b/;
/** The sun's times: the library reads them at one place, not the meadow's; refused as dates are. */
const SUN = /\b(sunrise|sunset|dawn|dusk)\b/i;

/** A wall-clock date's weekday, Monday 0. */
function weekday(date: Date): number {
  return (date.getDay() + 6) % 7;
}

/** The minute of the day of a wall-clock date (24:00 as 1440 when it is the next midnight). */
function minuteOfDay(date: Date): number {
  return date.getHours() * 60 + date.getMinutes();
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * The weekly form of `value` in `country`, or why the hours have none. The library's own answer
 * for every day of the reference years decides: each day's open minutes must be those of every
 * other day of its month and weekday, and on public holidays either those too or none at all
 * (with "PH" in the syntax). Hours that depend on more than the month, the weekday and the time
 * (dates, week numbers, Easter, sunrise, school holidays) fail that test and are refused, so the
 * stored form never answers differently from the library. Unknown hours ("by appointment") are
 * never open.
 */
export function derivedHours(value: string, country: string): DerivedHours {
  if (YEAR.test(value)) return { problem: "validation.hoursYears" };
  if (SUN.test(value)) return { problem: "validation.hoursDates" };
  const parsed = parseHours(value, country);
  if ("problem" in parsed) return parsed;
  const holidays = holidayDays(country);
  const from = REFERENCE_FROM;
  const to = REFERENCE_TO;
  let intervals: [Date, Date, boolean, string | undefined][];
  try {
    intervals = parsed.hours.getOpenIntervals(from, to);
  } catch {
    return { problem: "validation.hoursSyntax" };
  }
  // Each day's open minutes, as "from-to,from-to" of the day's own minutes.
  const days = new Map<string, [number, number][]>();
  for (const [start, end, unknown] of intervals) {
    if (unknown) continue;
    for (let day = startOfDay(start); day < end; day = nextDay(day)) {
      const a = start > day ? minuteOfDay(start) : 0;
      const b = end < nextDay(day) ? minuteOfDay(end) : DAY_MINUTES;
      if (b > a) days.set(dayKey(day), [...(days.get(dayKey(day)) ?? []), [a, b]]);
    }
  }
  const patterns = new Map<number, string>();
  const holidayPatterns: { group: number; pattern: string }[] = [];
  for (let day = from; day < to; day = nextDay(day)) {
    const group = day.getMonth() * 7 + weekday(day);
    const pattern = (days.get(dayKey(day)) ?? []).map(([a, b]) => `${a}-${b}`).join(",");
    if (holidays.has(dayKey(day))) {
      holidayPatterns.push({ group, pattern });
      continue;
    }
    const known = patterns.get(group);
    if (known === undefined) patterns.set(group, pattern);
    else if (known !== pattern) return { problem: "validation.hoursDates" };
  }
  const closedOnHolidays = HOLIDAY.test(value);
  for (const { group, pattern } of holidayPatterns) {
    const regular = patterns.get(group) ?? "";
    if (closedOnHolidays ? pattern !== "" : pattern !== regular)
      return { problem: "validation.hoursHolidays" };
  }
  const ranges: [number, number][] = [];
  for (const [group, pattern] of [...patterns].sort(([a], [b]) => a - b)) {
    if (pattern === "") continue;
    const month = Math.floor(group / 7);
    const base = month * WEEK_MINUTES + (group % 7) * DAY_MINUTES;
    for (const part of pattern.split(",")) {
      const [a, b] = part.split("-").map(Number) as [number, number];
      const last = ranges.at(-1);
      if (last && last[1] === base + a) last[1] = base + b;
      else ranges.push([base + a, base + b]);
    }
  }
  return { weekly: { ranges, closedOnHolidays } };
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function nextDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}

const holidayCache = new Map<string, Set<string>>();

/** The public holidays of `country` in the reference years, as wall-clock day keys. */
function holidayDays(country: string): Set<string> {
  const code = country.toUpperCase();
  const cached = holidayCache.get(code);
  if (cached) return cached;
  const found = new Set<string>();
  const holidays = publicHolidays(code);
  if (holidays) {
    for (const [start, end] of holidays.getOpenIntervals(REFERENCE_FROM, REFERENCE_TO))
      for (let day = startOfDay(start); day < end; day = nextDay(day)) found.add(dayKey(day));
  }
  holidayCache.set(code, found);
  return found;
}

const holidayHours = new Map<string, OpeningHours | null>();

/** "PH" read for `country`: open exactly on its public holidays; null when none are known. */
function publicHolidays(country: string): OpeningHours | null {
  const code = country.toUpperCase();
  if (!holidayHours.has(code)) {
    const parsed = parseHours("PH", code);
    let hours: OpeningHours | null = "hours" in parsed ? parsed.hours : null;
    try {
      hours?.getState(REFERENCE_FROM);
    } catch {
      hours = null;
    }
    holidayHours.set(code, hours);
  }
  return holidayHours.get(code) ?? null;
}

/** Whether the wall-clock date `date` is a public holiday in `country`. */
export function isPublicHoliday(date: Date, country: string): boolean {
  return publicHolidays(country)?.getState(date) ?? false;
}

/* Wall clocks: an instant as the Date whose local fields are a time zone's clock, and back. */

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

function clockFields(instant: Date, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of clockFormat(timeZone).formatToParts(instant))
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  return {
    year: fields.year ?? 1970,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** The wall-clock date of `instant` in `timeZone` (seconds kept, milliseconds dropped). */
export function wallClock(instant: Date, timeZone: string): Date {
  const f = clockFields(instant, timeZone);
  return new Date(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
}

/**
 * The instant a wall-clock date names in `timeZone`. A time the clock skips (spring forward)
 * names the instant the clock jumps; a time it passes twice (autumn) names the first.
 */
export function instantOf(wall: Date, timeZone: string): Date {
  const asUtc = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
  );
  const offsetAt = (instant: number) => {
    const f = clockFields(new Date(instant), timeZone);
    return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - instant;
  };
  // The earlier of the two candidate offsets first: the first of a twice-passed time.
  const offsets = [offsetAt(asUtc - DAY_MS), offsetAt(asUtc + DAY_MS)].sort((a, b) => b - a);
  for (const offset of offsets) {
    const candidate = asUtc - offset;
    if (offsetAt(candidate) === offset) return new Date(candidate);
  }
  // Skipped: the clock jumps from before this time to after it; that jump is the instant.
  return new Date(asUtc - Math.min(...offsets));
}

/** The key of a wall-clock date in the stored form: (month - 1) * WEEK_MINUTES + minute of week. */
export function weekKey(wall: Date): number {
  return wall.getMonth() * WEEK_MINUTES + weekday(wall) * DAY_MINUTES + minuteOfDay(wall);
}

/** The months (a mask, bit 0 January) in which `weekly` is open at some time. */
export function openMonths(weekly: WeeklyHours): number {
  let mask = 0;
  for (const [from, to] of weekly.ranges)
    for (let month = Math.floor(from / WEEK_MINUTES); month <= (to - 1) / WEEK_MINUTES; month++)
      mask |= 1 << month;
  return mask;
}

/** Whether `weekly` says open at `key`, as the database's `open_minutes @> key` does. */
export function weeklyOpen(weekly: WeeklyHours, key: number, holiday: boolean): boolean {
  if (holiday && weekly.closedOnHolidays) return false;
  return weekly.ranges.some(([from, to]) => from <= key && key < to);
}
