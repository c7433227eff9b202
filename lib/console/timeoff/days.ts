import type { TimeoffDay } from "@/lib/contract";

// The days of a time off request: one entry per working day (Monday to Friday) between the start and
// end dates, 8 hours each by default. Every day of the range is listed so any can be edited: a
// weekend day can be added, a working day left out or given fewer hours. Dates are plain
// `YYYY-MM-DD` strings computed in UTC, so no time zone shifts a day.

export const DEFAULT_HOURS_PER_DAY = 8;
/** The API's limit (and a guard against a typo like 2062 for 2026 filling the page). */
export const MAX_TIMEOFF_DAYS = 366;

export interface DayRow {
  day: string;
  included: boolean;
  hours: number;
}

const DAY_MS = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function toTime(day: string): number | null {
  if (!ISO.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day ? null : t;
}

/** True from Monday to Friday. */
export function isWorkingDay(day: string): boolean {
  const t = toTime(day);
  if (t === null) return false;
  const wd = new Date(t).getUTCDay();
  return wd !== 0 && wd !== 6;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const weekdayOf = (day: string) => {
  const t = toTime(day);
  return t === null ? "" : WEEKDAYS[new Date(t).getUTCDay()]!;
};

/** Why a date range can't be used, or null. */
export function rangeError(start: string, end: string): string | null {
  const s = toTime(start);
  const e = toTime(end);
  if (s === null || e === null) return null; // the date fields report their own errors
  if (e < s) return "The end date must be on or after the start date.";
  if ((e - s) / DAY_MS + 1 > MAX_TIMEOFF_DAYS) return `A request covers at most ${MAX_TIMEOFF_DAYS} days.`;
  return null;
}

/** Every date from start to end inclusive ([] for an invalid or too long range). */
export function eachDay(start: string, end: string): string[] {
  const s = toTime(start);
  const e = toTime(end);
  if (s === null || e === null || e < s || rangeError(start, end)) return [];
  const out: string[] = [];
  for (let t = s; t <= e; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The default rows of a range: working days included with `hours`, weekend days listed but left out. */
export function generateDayRows(start: string, end: string, hours = DEFAULT_HOURS_PER_DAY): DayRow[] {
  return eachDay(start, end).map((day) => (isWorkingDay(day) ? { day, included: true, hours } : { day, included: false, hours }));
}

/**
 * The rows after the dates changed: days still in the range keep what was chosen for them, new days
 * get the defaults. Moving the end date by a day never loses an edit made to the others.
 */
export function regenerateDayRows(previous: readonly DayRow[], start: string, end: string, hours = DEFAULT_HOURS_PER_DAY): DayRow[] {
  const kept = new Map(previous.map((r) => [r.day, r]));
  return generateDayRows(start, end, hours).map((r) => kept.get(r.day) ?? r);
}

/** The request's `timeoff_days`: the included rows, in date order. */
export function toTimeoffDays(rows: readonly DayRow[]): TimeoffDay[] {
  return rows.filter((r) => r.included).map((r) => ({ day: r.day, hours: r.hours }));
}

export const totalHours = (days: readonly { hours: number }[]) => days.reduce((sum, d) => sum + d.hours, 0);

/** 36 hours at 8 a day → "4 days 4 hours" (the balance's own unit: days plus hours below a day). */
export function formatHoursAsDays(hours: number, hoursPerDay = DEFAULT_HOURS_PER_DAY): string {
  const perDay = hoursPerDay > 0 ? hoursPerDay : DEFAULT_HOURS_PER_DAY;
  return formatDaysAndHours({ days: Math.trunc(hours / perDay), hours: hours % perDay });
}

/** {days: 2, hours: 4} → "2 days 4 hours"; negative amounts keep their sign ("-1 day"). */
export function formatDaysAndHours({ days, hours }: { days: number; hours: number }): string {
  const unit = (n: number, one: string) => `${n} ${Math.abs(n) === 1 ? one : `${one}s`}`;
  if (hours === 0) return unit(days, "day");
  if (days === 0) return unit(hours, "hour");
  return `${unit(days, "day")} ${unit(Math.abs(hours), "hour")}`;
}
