/*
 * The hours editor's choices (weekdays, time ranges, season months, public holidays, "by
 * appointment") and the OpenStreetMap `opening_hours` syntax they stand for, both ways: the form
 * stores the syntax, and opening a meadow's syntax fills the editor again when it is one the
 * editor writes. Shared by server and browser; no library needed for this small part of the
 * syntax.
 */

import { BY_APPOINTMENT } from "~/lib/hours-text";

/** The syntax's weekdays, Monday first, and its months. */
export const SYNTAX_DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
export const SYNTAX_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export interface TimeRange {
  /** "HH:MM"; `to` "00:00" is midnight at the end of the day. */
  from: string;
  to: string;
}

export interface HoursEditorState {
  /** Open on each weekday, Monday first. */
  days: boolean[];
  times: TimeRange[];
  /** The months it opens in, 1–12, both included (may run past December); null all year. */
  season: { from: number; to: number } | null;
  closedOnHolidays: boolean;
  /** Other times "by appointment" (unknown, never "open now"). */
  byAppointment: boolean;
}

export const EMPTY_EDITOR: HoursEditorState = {
  days: [false, false, false, false, false, false, false],
  times: [{ from: "10:00", to: "17:00" }],
  season: null,
  closedOnHolidays: false,
  byAppointment: false,
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The weekdays as the syntax writes them: runs of three or more as "Mo-Fr". */
function daysSyntax(days: readonly boolean[]): string {
  const parts: string[] = [];
  for (let day = 0; day < 7;) {
    if (!days[day]) {
      day++;
      continue;
    }
    let last = day;
    while (last + 1 < 7 && days[last + 1]) last++;
    if (last - day >= 2) parts.push(`${SYNTAX_DAYS[day]}-${SYNTAX_DAYS[last]}`);
    else for (let one = day; one <= last; one++) parts.push(SYNTAX_DAYS[one] ?? "");
    day = last + 1;
  }
  return parts.join(",");
}

function timeSyntax({ from, to }: TimeRange): string {
  return `${from}-${to === "00:00" ? "24:00" : to}`;
}

/**
 * The editor's times that make sense, earliest first. A range past midnight is left out: picking
 * meadows close by night, and within a season such a range would spill into the next month on
 * its last night, which the weekly form cannot hold (ADR 37); the syntax field still takes one.
 */
function validTimes(times: readonly TimeRange[]): TimeRange[] {
  return times
    .filter(({ from, to }) => TIME.test(from) && TIME.test(to) && (to === "00:00" || to > from))
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** The syntax of the editor's choices; "" when they say nothing. */
export function editorSyntax(state: HoursEditorState): string {
  const times = validTimes(state.times);
  const days = daysSyntax(state.days);
  const appointment = `"${BY_APPOINTMENT}"`;
  if (!days || times.length === 0) return state.byAppointment ? appointment : "";
  const season = state.season
    ? state.season.from === state.season.to
      ? `${SYNTAX_MONTHS[state.season.from - 1]} `
      : `${SYNTAX_MONTHS[state.season.from - 1]}-${SYNTAX_MONTHS[state.season.to - 1]} `
    : "";
  let syntax = `${season}${days} ${times.map(timeSyntax).join(",")}`;
  if (state.closedOnHolidays) syntax += "; PH off";
  if (state.byAppointment) syntax += ` || ${appointment}`;
  return syntax;
}

const MONTH = SYNTAX_MONTHS.join("|");
const DAY = SYNTAX_DAYS.join("|");
const EDITOR_SYNTAX = new RegExp(
  `^(?:(${MONTH})(?:-(${MONTH}))? )?((?:(?:${DAY})(?:-(?:${DAY}))?)(?:,(?:${DAY})(?:-(?:${DAY}))?)*) ` +
    `(\\d\\d:\\d\\d-\\d\\d:\\d\\d(?:,\\d\\d:\\d\\d-\\d\\d:\\d\\d)*)(; PH off)?( \\|\\| "${BY_APPOINTMENT}")?$`,
);

function dayIndex(name: string): number {
  return SYNTAX_DAYS.indexOf(name as (typeof SYNTAX_DAYS)[number]);
}

function monthNumber(name: string): number {
  return SYNTAX_MONTHS.indexOf(name as (typeof SYNTAX_MONTHS)[number]) + 1;
}

/**
 * The editor's choices for `syntax`, or null when the syntax says more than the editor can show
 * (the member then keeps editing the syntax itself).
 */
export function editorState(syntax: string): HoursEditorState | null {
  const trimmed = syntax.trim();
  if (trimmed === "") return { ...EMPTY_EDITOR, times: [...EMPTY_EDITOR.times] };
  if (trimmed === `"${BY_APPOINTMENT}"`)
    return { ...EMPTY_EDITOR, times: [...EMPTY_EDITOR.times], byAppointment: true };
  const match = EDITOR_SYNTAX.exec(trimmed);
  if (!match) return null;
  const [, fromMonth, toMonth, daysText = "", timesText = "", holidays, appointment] = match;
  const days = [false, false, false, false, false, false, false];
  for (const part of daysText.split(",")) {
    const [first = "", last] = part.split("-");
    const start = dayIndex(first);
    const end = last === undefined ? start : dayIndex(last);
    for (let day = start; ; day = (day + 1) % 7) {
      days[day] = true;
      if (day === end) break;
    }
  }
  const times = timesText.split(",").map((range) => {
    const [from = "", to = ""] = range.split("-");
    return { from, to: to === "24:00" ? "00:00" : to };
  });
  if (times.some(({ from, to }) => !TIME.test(from) || !TIME.test(to))) return null;
  const season = fromMonth
    ? { from: monthNumber(fromMonth), to: monthNumber(toMonth ?? fromMonth) }
    : null;
  return {
    days,
    times,
    season,
    closedOnHolidays: holidays !== undefined,
    byAppointment: appointment !== undefined,
  };
}
