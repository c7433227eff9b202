import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { addYears } from "date-fns/addYears";
import { differenceInDays } from "date-fns/differenceInDays";
import { differenceInMonths } from "date-fns/differenceInMonths";
import { differenceInWeeks } from "date-fns/differenceInWeeks";
import { differenceInYears } from "date-fns/differenceInYears";
import { format } from "date-fns/format";

// The JSON Logic operations of the x-jsf forms beyond json-logic-js's own, one table for the API
// and the console (docs/decisions/forms-engine-operations.md gives each one's source):
//
//   date_difference_in_days|weeks|months|years [a, b] → whole units from `b` to `a` (a − b), as
//                                      date-fns' differenceIn* counts them (the provider's kit)
//   date_add_days|weeks|months|years [date, n]        → "YYYY-MM-DD", date-fns' add* (the kit)
//   date_format [date, pattern]                       → date-fns' format (the kit)
//   compute_work_hours [days, schedule, subtractBreaks] → weekly hours of a daily schedule
//   today []                                          → today's date, "YYYY-MM-DD" (UTC) (ours)
//   date_diff [from, to, unit]                        → whole units from `from` to `to` (ours)
//
// Dates are calendar days ("YYYY-MM-DD"; a date-time counts by its date). As in the provider's kit,
// a date is taken at local noon so that date-fns' local-time arithmetic gives the same calendar
// answer in every time zone. Where the kit throws on an argument that is not a date, these answer
// null: a validation that cannot be evaluated then fails, a computed value is absent.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** A calendar date at local noon; null for anything else (2025-02-30 included). */
export function parseCalendarDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d, 12, 0, 0);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

/** "YYYY-MM-DD" of a date built by parseCalendarDate (local calendar parts). */
export function formatCalendarDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, "0");
  return `${y}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** Today's date in UTC, "YYYY-MM-DD". */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function wholeMonthsBetween(from: Date, to: Date): number {
  const sign = to >= from ? 1 : -1;
  const [a, b] = sign > 0 ? [from, to] : [to, from];
  let months = (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth());
  if (b.getDate() < a.getDate()) months -= 1;
  return sign * months;
}

/**
 * `date_diff`: whole `unit`s ("days" | "weeks" | "months" | "years") from `from` to `to`, negative
 * when `to` is earlier; a month is complete when the day of the month is reached again (31 January
 * to 28 February is 0 months, 29 February to 28 February is 0 years). Null when either is not a date.
 */
export function dateDiff(from: unknown, to: unknown, unit: unknown = "days"): number | null {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  if (!a || !b) return null;
  const days = differenceInDays(b, a);
  switch (unit) {
    case "days":
      return days;
    case "weeks":
      return Math.trunc(days / 7) || 0;
    case "months":
      return wholeMonthsBetween(a, b);
    case "years":
      return Math.trunc(wholeMonthsBetween(a, b) / 12) || 0;
    default:
      return null;
  }
}

type DateDifference = (later: Date, earlier: Date) => number;
type DateAdd = (date: Date, amount: number) => Date;

/** `op(a, b)` of two calendar dates, or null. */
const difference =
  (fn: DateDifference) =>
  (a: unknown, b: unknown): number | null => {
    const later = parseCalendarDate(a);
    const earlier = parseCalendarDate(b);
    if (!later || !earlier) return null;
    return fn(later, earlier) || 0;
  };

/** A whole amount of units: a finite integer, or a string holding one. */
function wholeAmount(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

/** `date` plus `n` units, "YYYY-MM-DD", or null. */
const add =
  (fn: DateAdd) =>
  (date: unknown, n: unknown): string | null => {
    const d = parseCalendarDate(date);
    const amount = wholeAmount(n);
    return d && amount !== null ? formatCalendarDate(fn(d, amount)) : null;
  };

/** `date_format`: date-fns' format of a calendar date (null for a bad date or pattern). */
export function dateFormat(date: unknown, pattern: unknown): string | null {
  const d = parseCalendarDate(date);
  if (!d || typeof pattern !== "string") return null;
  try {
    return format(d, pattern);
  } catch {
    return null;
  }
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

function minutesOfDay(value: unknown): number | null {
  const m = typeof value === "string" ? TIME.exec(value) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * `compute_work_hours`: the weekly hours of a daily schedule. `days` lists the days worked
 * (e.g. ["monday", "friday"]); `schedule` maps each to `{start_time, end_time, break_duration_minutes}`
 * ("HH:MM" times); with `subtractBreaks` the breaks are deducted. Each day counts
 * (end − start − break) / 60, rounded to 2 decimals (as the provider's SDK counts a day), and the
 * days are added up. Null while the schedule is incomplete (a worked day without valid times).
 */
export function computeWorkHours(days: unknown, schedule: unknown, subtractBreaks: unknown = false): number | null {
  if (!Array.isArray(days) || typeof schedule !== "object" || schedule === null || Array.isArray(schedule)) return null;
  let total = 0;
  for (const day of new Set(days)) {
    if (typeof day !== "string") return null;
    const entry = (schedule as Record<string, unknown>)[day];
    if (typeof entry !== "object" || entry === null) return null;
    const { start_time, end_time, break_duration_minutes } = entry as Record<string, unknown>;
    const start = minutesOfDay(start_time);
    const end = minutesOfDay(end_time);
    if (start === null || end === null) return null;
    const breakMinutes = subtractBreaks === true ? (wholeAmount(break_duration_minutes ?? 0) ?? 0) : 0;
    total += round2((end - start - breakMinutes) / 60);
  }
  return round2(total);
}

/** Every operation the forms may use beyond json-logic-js's own. */
export const LOGIC_OPERATIONS: Readonly<Record<string, (...args: unknown[]) => unknown>> = Object.freeze({
  // The provider's (its form kit, "@remoteoss/remote-json-schema-form-kit", and its real schemas).
  date_difference_in_days: difference(differenceInDays),
  date_difference_in_weeks: difference(differenceInWeeks),
  date_difference_in_months: difference(differenceInMonths),
  date_difference_in_years: difference(differenceInYears),
  date_add_days: add(addDays),
  date_add_weeks: add(addWeeks),
  date_add_months: add(addMonths),
  date_add_years: add(addYears),
  date_format: dateFormat,
  compute_work_hours: computeWorkHours,
  // Ours (the API's own forms).
  today: () => todayIso(),
  date_diff: (from: unknown, to: unknown, unit: unknown) => dateDiff(from, to, unit ?? "days"),
});

/** The operations json-logic-js 2 knows out of the box. */
export const STANDARD_LOGIC_OPERATIONS: ReadonlySet<string> = new Set([
  "var",
  "missing",
  "missing_some",
  "if",
  "?:",
  "==",
  "===",
  "!=",
  "!==",
  "!",
  "!!",
  "or",
  "and",
  ">",
  ">=",
  "<",
  "<=",
  "max",
  "min",
  "+",
  "-",
  "*",
  "/",
  "%",
  "map",
  "filter",
  "reduce",
  "all",
  "none",
  "some",
  "merge",
  "in",
  "cat",
  "substr",
  "log",
]);

export const isKnownOperation = (name: string) => STANDARD_LOGIC_OPERATIONS.has(name) || Object.hasOwn(LOGIC_OPERATIONS, name);

const unknownCache = new WeakMap<object, readonly string[]>();

/**
 * The operations a rule names that the engine does not know (json-logic-js would throw
 * "Unrecognized operation"). A JSON Logic operation is an object with exactly one key.
 */
export function unknownOperations(rule: unknown): readonly string[] {
  if (typeof rule !== "object" || rule === null) return [];
  const cached = unknownCache.get(rule);
  if (cached) return cached;
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null) return;
    const keys = Object.keys(node);
    if (keys.length !== 1) return;
    const op = keys[0]!;
    if (!isKnownOperation(op)) found.add(op);
    walk((node as Record<string, unknown>)[op]);
  };
  walk(rule);
  const result = Object.freeze([...found]);
  unknownCache.set(rule, result);
  return result;
}
