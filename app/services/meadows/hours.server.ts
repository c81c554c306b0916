import { and, asc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type OpeningHours from "opening_hours";
import { meadows } from "../../../db/schema";
import { queryManyRows, type Database } from "~/adapters/db.server";
import { countryTimeZone, monthAt } from "~/lib/crops";
import {
  encodeTimeline,
  SEASON_DAYS,
  seasonReopensAt,
  type HoursSegment,
  type HoursTimeline,
} from "~/lib/hours-text";
import {
  derivedHours,
  instantOf,
  isPublicHoliday,
  parseHours,
  wallClock,
  WEEK_MINUTES,
  weekKey,
  type WeeklyHours,
} from "~/lib/opening-hours";
import { COUNTRIES } from "~/lib/countries";
import { Kept } from "~/lib/kept";
import { inCountries } from "./geo-sql.server";

/*
 * A meadow's opening hours on the server: the columns the database answers "open now" from,
 * written with every change (ADR 37), the "open now" condition, and the stretches of time a
 * page tells the visitor about.
 */

/** The version of the derived columns; rows written by an older one are derived again at start. */
export const HOURS_FORM_VERSION = 1;

const DAY_MS = 86_400_000;

/** The multirange literal of the open minutes: "{[600,1080),[2040,2520)}". */
export function multirangeText(ranges: readonly [number, number][]): string {
  return `{${ranges.map(([from, to]) => `[${from},${to})`).join(",")}}`;
}

export interface HoursColumns {
  hoursSyntax: string | null;
  openMinutes: string;
  closedOnHolidays: boolean;
  hoursForm: number;
}

/**
 * The hours columns of a meadow: the syntax as given, or else the free text when the library
 * reads it as hours the weekly form holds (how existing free-text hours become structured), with
 * what is derived from it. Syntax without a weekly form (which the form refuses) is not kept:
 * the page and the search would disagree about it.
 */
export function hoursColumns(
  syntax: string | null | undefined,
  freeText: string,
  country: string,
): HoursColumns {
  const candidates = syntax ? [syntax] : [freeText.trim()].filter(Boolean);
  for (const candidate of candidates) {
    // Kept: rows written together (deriving again, the factories' thousands) share their hours.
    const derived = cachedDerived(candidate, country);
    if ("weekly" in derived) return columnsOf(candidate, derived.weekly);
  }
  return {
    hoursSyntax: null,
    openMinutes: "{}",
    closedOnHolidays: false,
    hoursForm: HOURS_FORM_VERSION,
  };
}

function columnsOf(syntax: string, weekly: WeeklyHours): HoursColumns {
  return {
    hoursSyntax: syntax,
    openMinutes: multirangeText(weekly.ranges),
    closedOnHolidays: weekly.closedOnHolidays,
    hoursForm: HOURS_FORM_VERSION,
  };
}

/** Rows read per round when deriving again. */
const DERIVE_BATCH = 500;

/**
 * Derives the hours columns of every meadow written before HOURS_FORM_VERSION (existing meadows
 * after migration 0015, whose free text is read as hours where it parses); returns how many.
 */
export async function deriveStaleHours(db: Database): Promise<number> {
  let done = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .select({
        id: meadows.id,
        hoursSyntax: meadows.hoursSyntax,
        openingHours: meadows.openingHours,
        country: meadows.country,
      })
      .from(meadows)
      .where(and(lt(meadows.hoursForm, HOURS_FORM_VERSION), gt(meadows.id, after)))
      .orderBy(asc(meadows.id))
      .limit(DERIVE_BATCH);
    for (const row of rows) {
      await db
        .update(meadows)
        .set(hoursColumns(row.hoursSyntax, row.openingHours, row.country))
        .where(eq(meadows.id, row.id));
    }
    done += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < DERIVE_BATCH) return done;
    after = last.id;
  }
}

/**
 * "Open now" at `now`: each meadow's minute key at its own clock, and whether it is a public
 * holiday there. Countries sharing both share one condition; nearly always that is the
 * continent's countries and Britain's an hour behind.
 */
export function openNowGroups(now: Date): { key: number; holiday: boolean; countries: string[] }[] {
  const groups = new Map<string, { key: number; holiday: boolean; countries: string[] }>();
  for (const country of COUNTRIES) {
    const wall = wallClock(now, countryTimeZone(country));
    const key = weekKey(wall);
    const holiday = isPublicHoliday(wall, country);
    const id = `${key}:${holiday}`;
    const group = groups.get(id) ?? { key, holiday, countries: [] };
    group.countries.push(country);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/**
 * The condition on `meadows m` of being open at `now` (see openNowGroups): each row's minute
 * chosen by its country, then checked on the rows the other filters' indexes or a sort order's
 * index read. No index takes it, on purpose: a GiST index over the hours keeps each meadow's span
 * of the year, which at any moment covers most meadows with a season, so reading it cost more
 * than the rows it ruled out; and a country list the planner can read would be answered from the
 * country index, which holds nearly every meadow (ADR 37).
 */
export function openNowCondition(
  now: Date,
  { openMinutes, closedOnHolidays, country }: HoursColumnsSql = MEADOW_HOURS_SQL,
): SQL {
  const groups = openNowGroups(now);
  // The group of the most countries is the others' `else`: every stored country is one of
  // COUNTRIES, and most rows then take one comparison or two instead of a walk along its list.
  // Each key is an int4 parameter: a `case` of untyped ones is text, cast again on every row.
  const [most, ...others] = [...groups].sort((a, b) => b.countries.length - a.countries.length);
  if (!most) throw new Error("openNowGroups found no country");
  const key =
    others.length === 0
      ? sql`${most.key}::int4`
      : sql`case ${sql.join(
          others.map(
            (group) => sql`when ${inCountries(country, group.countries)} then ${group.key}::int4`,
          ),
          sql` `,
        )} else ${most.key}::int4 end`;
  const open = sql`multirange_contains_elem(${openMinutes}, ${key})`;
  const holidays = groups.filter((group) => group.holiday).flatMap((group) => group.countries);
  if (holidays.length === 0) return open;
  const closedToday =
    holidays.length === COUNTRIES.length
      ? closedOnHolidays
      : sql`(${closedOnHolidays} and ${inCountries(country, holidays)})`;
  return sql`(${open} and not ${closedToday})`;
}

/** More pairs of a crop and a profile than this are not looked up in the index. */
const MAX_CROP_HOURS_KEYS = 1_000;

/**
 * The keys of meadows_crop_hours_idx (migration 0021) that "open now" with `crops` can match at
 * `now`: each crop with each hours profile open then in some group of countries (its first eight
 * characters), or undefined when there are too many to look up. A meadow of one group matched
 * by another group's profile is ruled out by openNowCondition, which is always checked too.
 */
export async function openCropHoursKeys(
  db: Database,
  crops: readonly string[],
  now: Date,
): Promise<string[] | undefined> {
  const open = sql.join(
    openNowGroups(now).map((group) => {
      const at = sql`multirange_contains_elem(p.open_minutes, ${group.key}::int4)`;
      return group.holiday ? sql`(${at} and not p.closed_on_holidays)` : at;
    }),
    sql` or `,
  );
  const rows = await queryManyRows<{ id: string }>(
    db,
    sql`select distinct left(p.id, 8) as id from meadow_hours_profiles p where ${open}
        limit ${MAX_CROP_HOURS_KEYS + 1}`,
  );
  if (rows.length * crops.length > MAX_CROP_HOURS_KEYS) return undefined;
  return crops.flatMap((crop) => rows.map((row) => `${crop}:${row.id}`));
}

/** The index condition for `keys` from openCropHoursKeys: crop ids and hex, safe in a literal. */
export function cropHoursCondition(keys: readonly string[]): SQL {
  return sql`meadow_crop_hours(m.crops, m.open_minutes, m.closed_on_holidays)
    && ${`{${keys.join(",")}}`}::text[]`;
}

/** Where openNowCondition reads the weekly hours, the holiday flag and the country. */
export interface HoursColumnsSql {
  openMinutes: SQL;
  closedOnHolidays: SQL;
  country: SQL;
}

const MEADOW_HOURS_SQL: HoursColumnsSql = {
  openMinutes: sql`m.open_minutes`,
  closedOnHolidays: sql`m.closed_on_holidays`,
  country: sql`m.country`,
};

/**
 * What the hours of each of the meadows `ids` say from `now` for `horizonMs`, as encodeTimeline
 * writes it; none without.
 */
export async function hoursTimelinesOf(
  db: Database,
  ids: readonly string[],
  now: Date,
  horizonMs: number,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: meadows.id, country: meadows.country, hoursSyntax: meadows.hoursSyntax })
    .from(meadows)
    .where(inArray(meadows.id, [...ids]));
  const found = new Map<string, string>();
  for (const row of rows) {
    const timeline = hoursTimeline(row.hoursSyntax, row.country, now, horizonMs);
    if (timeline) found.set(row.id, encodeTimeline(timeline));
  }
  return found;
}

/**
 * The open times of each weekday (Monday first), as minutes of the day [from, to), in `month`
 * (1–12), or, when the meadow is closed all that month, in the next month it opens: a visitor
 * told "closed for the season until April" wants April's times. Undefined when the hours have no
 * weekly form or never open. What the detail page lists.
 */
export function openingWeek(
  syntax: string | null,
  country: string,
  month: number,
): { month: number; days: [number, number][][] } | undefined {
  if (!syntax) return undefined;
  const derived = cachedDerived(syntax, country);
  if (!("weekly" in derived)) return undefined;
  for (let ahead = 0; ahead < 12; ahead++) {
    const shown = ((month - 1 + ahead) % 12) + 1;
    const start = (shown - 1) * WEEK_MINUTES;
    const days: [number, number][][] = [[], [], [], [], [], [], []];
    for (const [from, to] of derived.weekly.ranges) {
      for (let day = 0; day < 7; day++) {
        const dayStart = start + day * 1440;
        const a = Math.max(from, dayStart);
        const b = Math.min(to, dayStart + 1440);
        if (b > a) days[day]?.push([a - dayStart, b - dayStart]);
      }
    }
    if (days.some((times) => times.length > 0)) return { month: shown, days };
  }
  return undefined;
}

/**
 * The week a meadow's page lists at `now`: this month's (openingWeek), or while its hours
 * (`timeline` from `now`) keep it closed for the season, that of the month it opens again in.
 * Open on November's Saturdays, after the last of them: September's times.
 */
export function weekShownAt(
  syntax: string | null,
  country: string,
  now: Date,
  timeline: HoursTimeline | undefined,
): ReturnType<typeof openingWeek> {
  const reopens = seasonReopensAt(timeline, now.getTime());
  const month = monthAt(reopens === undefined ? now : new Date(reopens), countryTimeZone(country));
  return openingWeek(syntax, country, month);
}

/** Whether the library says `syntax` is open at `now` for a meadow in `country`. */
export function isOpenAt(syntax: string, country: string, now: Date): boolean {
  return cachedHours(syntax, country)?.getState(wallClock(now, countryTimeZone(country))) ?? false;
}

const PARSED_CACHE_SIZE = 2000;

/** What is worked out for a meadow's hours, kept by its country and syntax for the next page
 * that shows the same hours. */
const hoursKey = (syntax: string, country: string) => `${country}\n${syntax}`;

const parsedCache = new Kept<string, OpeningHours | null>(PARSED_CACHE_SIZE);

/** The library's reading of hours. */
function cachedHours(syntax: string, country: string): OpeningHours | null {
  return parsedCache.get(hoursKey(syntax, country), () => {
    const parsed = parseHours(syntax, country);
    return "hours" in parsed ? parsed.hours : null;
  });
}

const derivedCache = new Kept<string, ReturnType<typeof derivedHours>>(PARSED_CACHE_SIZE);

/** The weekly form of hours: working it out reads a whole year. */
function cachedDerived(syntax: string, country: string) {
  return derivedCache.get(hoursKey(syntax, country), () => derivedHours(syntax, country));
}

/** The next time the state changes after `wall`, within a year; undefined when it never does. */
function nextChange(hours: OpeningHours, wall: Date): Date | undefined {
  return hours.getNextChange(wall, new Date(wall.getTime() + 366 * DAY_MS));
}

/** When the meadow next opens for sure, after `wall`, within a year. */
function nextOpening(hours: OpeningHours, wall: Date): Date | undefined {
  let at: Date | undefined = wall;
  for (let step = 0; step < 50 && at; step++) {
    at = nextChange(hours, at);
    if (at && hours.getState(at)) return at;
  }
  return undefined;
}

/**
 * Timelines start at the beginning of this stretch of the clock, so that every card, pin and
 * page made within it for the same hours shares one: many meadows have the same hours, and
 * working one out takes the library a fraction of a millisecond (docs/benchmarks.md, "bench:api").
 */
const TIMELINE_STEP_MS = 10 * 60_000;
const timelines = new Map<string, HoursTimeline | null>();
let timelinesStart = 0;

/**
 * What to tell about the hours from `now` (or a few minutes before) for `horizonMs`: stretches
 * that end at each change and each midnight at the meadow. Undefined when the meadow has no
 * hours the library reads. The same object for the same hours within TIMELINE_STEP_MS: read it,
 * do not change it.
 */
export function hoursTimeline(
  syntax: string | null,
  country: string,
  now: Date,
  horizonMs: number,
): HoursTimeline | undefined {
  if (!syntax) return undefined;
  const start = Math.floor(now.getTime() / TIMELINE_STEP_MS) * TIMELINE_STEP_MS;
  if (start !== timelinesStart || timelines.size >= PARSED_CACHE_SIZE) {
    timelines.clear();
    timelinesStart = start;
  }
  const key = `${horizonMs}\n${country}\n${syntax}`;
  let timeline = timelines.get(key);
  if (timeline === undefined) {
    timeline = timelineFrom(syntax, country, new Date(start), horizonMs + TIMELINE_STEP_MS) ?? null;
    timelines.set(key, timeline);
  }
  return timeline ?? undefined;
}

function timelineFrom(
  syntax: string,
  country: string,
  now: Date,
  horizonMs: number,
): HoursTimeline | undefined {
  const hours = cachedHours(syntax, country);
  if (!hours) return undefined;
  const timeZone = countryTimeZone(country);
  const segments: HoursSegment[] = [];
  let until = now.getTime();
  try {
    let wall = wallClock(now, timeZone);
    const end = new Date(wall.getTime() + horizonMs);
    while (wall < end && segments.length < 100) {
      const change = nextChange(hours, wall);
      const midnight = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + 1);
      let to = midnight < end ? midnight : end;
      if (change && change < to) to = change;
      const from = instantOf(wall, timeZone).getTime();
      const instant = (date: Date | undefined) =>
        date ? instantOf(date, timeZone).getTime() : undefined;
      let segment: HoursSegment;
      if (hours.getState(wall)) segment = { from, state: "open", closes: instant(change) };
      else if (hours.getUnknown(wall))
        segment = { from, state: "unknown", comment: hours.getComment(wall) };
      else segment = { from, state: "closed", opens: instant(nextOpening(hours, wall)) };
      const last = segments.at(-1);
      if (!last || !sameText(last, segment)) segments.push(withoutUndefined(segment));
      wall = to;
      until = instantOf(to, timeZone).getTime();
    }
  } catch {
    return undefined;
  }
  return { timeZone, segments, until };
}

/**
 * Whether `next` says what `last` says, so the page need not be told it again: the same state
 * and instants, and no day in the text that a midnight between them changes ("tomorrow").
 */
function sameText(last: HoursSegment, next: HoursSegment): boolean {
  const seasonMs = (SEASON_DAYS + 1) * DAY_MS;
  if (last.state === "open" && next.state === "open")
    return last.closes === undefined && next.closes === undefined;
  if (last.state === "closed" && next.state === "closed")
    return (
      last.opens === next.opens && (next.opens === undefined || next.opens - next.from >= seasonMs)
    );
  if (last.state === "unknown" && next.state === "unknown") return last.comment === next.comment;
  return false;
}

/** Loader data travels as JSON: an absent field rather than an undefined one. */
function withoutUndefined(segment: HoursSegment): HoursSegment {
  return Object.fromEntries(
    Object.entries(segment).filter(([, value]) => value !== undefined),
  ) as HoursSegment;
}
