/*
 * What a visitor reads about a meadow's hours ("Open now · closes 18:00", "Opens Saturday 10:00",
 * "Closed for the season until April", "By appointment"), from the stretches of time the server
 * worked out with the hours library (app/services/meadows/hours.server.ts). Shared by server and
 * browser; it needs Intl only, not the library.
 */

import { DEFAULT_LANGUAGE, INTL_LOCALE, type Language } from "./i18n";

/** The comment the hours editor writes for "by appointment"; shown translated. */
export const BY_APPOINTMENT = "by appointment";

/**
 * One stretch of time in which the text stays the same, from an instant (ms) to the next
 * stretch's: they end at each change of state and at each midnight of the meadow's clock, when
 * "tomorrow" becomes "today" (unless the text stays the same across it).
 */
export type HoursSegment = { from: number } & (
  | { state: "open"; closes?: number }
  | { state: "closed"; opens?: number }
  | { state: "unknown"; comment?: string }
);

export interface HoursTimeline {
  /** The meadow's clock, in which times and days are told. */
  timeZone: string;
  segments: HoursSegment[];
  /** Where the last stretch ends: nothing is known past it. */
  until: number;
}

/** An opening further off than this is told as "closed for the season until <month>". */
export const SEASON_DAYS = 7;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The formatters the texts use, one per language, zone and kind: a list page tells twenty
 * cards' hours, and making a formatter costs far more than using one.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  kind: "day" | "time" | "weekday" | "month",
  timeZone: string,
  lang: Language,
): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}|${lang}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      kind === "day"
        ? new Intl.DateTimeFormat("en-CA", {
            timeZone,
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
          })
        : kind === "time"
          ? new Intl.DateTimeFormat(INTL_LOCALE[lang], {
              timeZone,
              hour: "2-digit",
              minute: "2-digit",
              hourCycle: "h23",
            })
          : new Intl.DateTimeFormat(lang, { timeZone, [kind]: "long" });
    formatters.set(key, format);
  }
  return format;
}

function dayNumber(instant: number, timeZone: string): number {
  const parts = formatter("day", timeZone, DEFAULT_LANGUAGE).format(instant);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / 86_400_000);
}

function time(instant: number, timeZone: string, lang: Language): string {
  return formatter("time", timeZone, lang).format(instant);
}

function weekdayName(instant: number, timeZone: string, lang: Language): string {
  return formatter("weekday", timeZone, lang).format(instant);
}

function monthName(instant: number, timeZone: string, lang: Language): string {
  return formatter("month", timeZone, lang).format(instant);
}

/** When `instant` is, seen from `from`: "18:00", "tomorrow 10:00", "Saturday 10:00". */
function when(
  from: number,
  instant: number,
  timeZone: string,
  lang: Language,
): { key: "today" | "tomorrow" | "weekday"; values: Record<string, string> } {
  const days = dayNumber(instant, timeZone) - dayNumber(from, timeZone);
  const values = { time: time(instant, timeZone, lang), day: weekdayName(instant, timeZone, lang) };
  if (days <= 0) return { key: "today", values };
  if (days === 1) return { key: "tomorrow", values };
  return { key: "weekday", values };
}

/** The text of a stretch of time, in the page's language. */
export function hoursText(
  segment: HoursSegment,
  timeZone: string,
  lang: Language,
  t: Translate,
): string {
  switch (segment.state) {
    case "open": {
      if (segment.closes === undefined) return t("hours.openAlways");
      const closes = when(segment.from, segment.closes, timeZone, lang);
      return t(`hours.openCloses.${closes.key}`, closes.values);
    }
    case "closed": {
      if (segment.opens === undefined) return t("hours.closed");
      if (closedForTheSeason(segment, timeZone))
        return t("hours.closedSeason", { month: monthName(segment.opens, timeZone, lang) });
      const opens = when(segment.from, segment.opens, timeZone, lang);
      return t(`hours.opens.${opens.key}`, opens.values);
    }
    case "unknown":
      if (!segment.comment || segment.comment.toLowerCase() === BY_APPOINTMENT)
        return t("hours.byAppointment");
      return segment.comment;
  }
}

/**
 * Whether a stretch keeps the meadow shut until an opening SEASON_DAYS or more away, told as
 * "closed for the season until <month>". Closed with no opening in sight is not: hours "by
 * appointment" are closed between their appointments' times.
 */
export function closedForTheSeason(
  segment: HoursSegment | undefined,
  timeZone: string,
): segment is HoursSegment & { state: "closed"; opens: number } {
  if (segment?.state !== "closed" || segment.opens === undefined) return false;
  return dayNumber(segment.opens, timeZone) - dayNumber(segment.from, timeZone) >= SEASON_DAYS;
}

/**
 * When a meadow whose hours (`hours`, or encodeTimeline's string of them, in `timeZone` when it
 * names none) say closed for the season at `now` opens again; else undefined.
 */
export function seasonReopensAt(
  hours: HoursTimeline | string | undefined,
  now: number,
  timeZone?: string,
): number | undefined {
  const timeline = typeof hours === "string" ? decodeTimeline(hours, timeZone) : hours;
  if (!timeline) return undefined;
  const segment = segmentAt(timeline, now);
  return closedForTheSeason(segment, timeline.timeZone) ? segment.opens : undefined;
}

/** The stretch of `timeline` at `now`, or undefined once it has run out (or has none). */
export function segmentAt(timeline: HoursTimeline, now: number): HoursSegment | undefined {
  if (now >= timeline.until) return undefined;
  const segments = timeline.segments;
  let found = segments[0];
  for (const segment of segments) if (segment.from <= now) found = segment;
  return found;
}

const MINUTE = 60_000;
const CODES = { open: "O", closed: "C", unknown: "U" } as const;

/**
 * A timeline as one short string, for pages that carry many (a card's, a pin's): the time zone
 * (left out with `zone: false` where the page knows the meadow's country), then the end and each
 * stretch in minutes since 1970 in base 36, each stretch with O (open, and when it closes), C
 * (closed, and when it opens) or U (unknown, and the comment). Twenty cards carry it in about a
 * tenth of what the objects took.
 */
export function encodeTimeline(timeline: HoursTimeline, { zone = true } = {}): string {
  const minutes = (ms: number) => Math.floor(ms / MINUTE).toString(36);
  const segments = timeline.segments.map((segment) => {
    const head = `${minutes(segment.from)}${CODES[segment.state]}`;
    if (segment.state === "open")
      return head + (segment.closes === undefined ? "" : minutes(segment.closes));
    if (segment.state === "closed")
      return head + (segment.opens === undefined ? "" : minutes(segment.opens));
    return head + encodeURIComponent(segment.comment ?? "");
  });
  const parts = [minutes(timeline.until), ...segments];
  return (zone ? [timeline.timeZone, ...parts] : parts).join("|");
}

/**
 * The timeline of encodeTimeline's string, in `timeZone` when the string has none; undefined for
 * anything else.
 */
export function decodeTimeline(text: string, timeZone?: string): HoursTimeline | undefined {
  const fields = text.split("|");
  const zone = fields[0]?.includes("/") ? fields.shift() : timeZone;
  const [until, ...parts] = fields;
  if (!zone) return undefined;
  const instant = (value: string) => parseInt(value, 36) * MINUTE;
  if (!until) return undefined;
  const segments: HoursSegment[] = [];
  for (const part of parts) {
    const match = /^([0-9a-z]+)([OCU])(.*)$/.exec(part);
    if (!match?.[1]) return undefined;
    const from = instant(match[1]);
    const rest = match[3] ?? "";
    if (match[2] === "U") {
      segments.push(
        rest
          ? { from, state: "unknown", comment: decodeURIComponent(rest) }
          : { from, state: "unknown" },
      );
    } else {
      const at = rest ? instant(rest) : undefined;
      const state = match[2] === "O" ? "open" : "closed";
      if (state === "open")
        segments.push(at === undefined ? { from, state } : { from, state, closes: at });
      else segments.push(at === undefined ? { from, state } : { from, state, opens: at });
    }
  }
  return { timeZone: zone, until: instant(until), segments };
}

/** When the text at `now` changes next: the next stretch's start, or the end of them all. */
export function nextChangeAfter(timeline: HoursTimeline, now: number): number | undefined {
  if (now >= timeline.until) return undefined;
  return timeline.segments.find((segment) => segment.from > now)?.from ?? timeline.until;
}
