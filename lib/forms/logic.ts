import jsonLogic from "json-logic-js";
import { asSchema, isObject, type FormValues, type JsonSchema } from "./types";

// JSON Logic of `x-jsf-logic` (validations and computed values), with the date operations the
// forms use beyond the standard set. They are registered on json-logic-js once:
//   today                              → today's date, "YYYY-MM-DD" (UTC)
//   date_diff [from, to, unit]         → whole units ("days" | "months" | "years") from `from` to `to`
//                                        (the API's own forms; same semantics as the API's validator)
//   date_difference_in_days|weeks|months|years [a, b]
//                                      → whole units from `b` to `a` (the provider's forms, e.g.
//                                        date_difference_in_months(contract_end_date, start_date))
// Each returns null when an argument is not a date.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

export function parseIsoDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

function wholeMonthsBetween(from: Date, to: Date): number {
  const sign = to >= from ? 1 : -1;
  const [a, b] = sign > 0 ? [from, to] : [to, from];
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (b.getUTCDate() < a.getUTCDate()) months -= 1;
  return sign * months;
}

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole `unit`s from `from` to `to` (negative when `to` is earlier); null when either is not a date. */
export function dateDiff(from: unknown, to: unknown, unit: unknown = "days"): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return null;
  const days = Math.round((b.getTime() - a.getTime()) / 86_400_000);
  switch (unit) {
    case "days":
      return days;
    case "weeks":
      return Math.trunc(days / 7);
    case "months":
      return wholeMonthsBetween(a, b);
    case "years":
      return Math.trunc(wholeMonthsBetween(a, b) / 12);
    default:
      return null;
  }
}

export const LOGIC_OPERATIONS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  today: () => todayIso(),
  date_diff: (from, to, unit) => dateDiff(from, to, unit ?? "days"),
  date_difference_in_days: (a, b) => dateDiff(b, a, "days"),
  date_difference_in_weeks: (a, b) => dateDiff(b, a, "weeks"),
  date_difference_in_months: (a, b) => dateDiff(b, a, "months"),
  date_difference_in_years: (a, b) => dateDiff(b, a, "years"),
};

let registered = false;

/** json-logic-js with our operations registered (idempotent). */
export function getJsonLogic(): typeof jsonLogic {
  if (!registered) {
    for (const [name, fn] of Object.entries(LOGIC_OPERATIONS)) jsonLogic.add_operation(name, fn);
    registered = true;
  }
  return jsonLogic;
}

/** Applies a rule; undefined when it cannot be evaluated. */
export function applyRule(rule: unknown, data: FormValues): unknown {
  try {
    return getJsonLogic().apply(rule as never, data);
  } catch {
    return undefined;
  }
}

export function isTruthy(value: unknown): boolean {
  return getJsonLogic().truthy(value);
}

/**
 * The `x-jsf-logic` of one object level with its data: computed values are evaluated lazily,
 * once. Nested fieldsets see their own logic first, then the enclosing levels'.
 */
export class LogicScope {
  private readonly cache = new Map<string, unknown>();
  constructor(
    readonly logic: JsonSchema,
    readonly data: FormValues,
  ) {}

  hasComputed(name: string): boolean {
    return isObject(this.logic.computedValues) && name in this.logic.computedValues;
  }

  hasValidation(name: string): boolean {
    return isObject(this.logic.validations) && name in this.logic.validations;
  }

  computed(name: string): unknown {
    if (this.cache.has(name)) return this.cache.get(name);
    const entry = asSchema(asSchema(this.logic.computedValues)?.[name]);
    const value = entry && "rule" in entry ? applyRule(entry.rule, this.data) : undefined;
    this.cache.set(name, value);
    return value;
  }

  validation(name: string): { rule: unknown; errorMessage?: string } | undefined {
    const entry = asSchema(asSchema(this.logic.validations)?.[name]);
    if (!entry) return undefined;
    const message = entry.errorMessage ?? entry.error;
    return { rule: entry.rule, errorMessage: typeof message === "string" ? message : undefined };
  }

  /** Every computed value of this level (for display and tests). */
  allComputed(): Record<string, unknown> {
    const names = Object.keys(asSchema(this.logic.computedValues) ?? {});
    return Object.fromEntries(names.map((n) => [n, this.computed(n)]));
  }
}

export function findComputed(scopes: readonly LogicScope[], name: string): { found: boolean; value: unknown } {
  const scope = scopes.find((s) => s.hasComputed(name));
  return scope ? { found: true, value: scope.computed(name) } : { found: false, value: undefined };
}

/** A computed value as text in a sentence ("1,234.5"); empty for null/undefined. */
export function formatComputed(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? value.toLocaleString("en-US", { maximumFractionDigits: 2 }) : "";
  return String(value);
}

/** Fills `{{name}}` with computed values; unknown names are left as they are. */
export function fillTemplate(template: string, scopes: readonly LogicScope[]): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const { found, value } = findComputed(scopes, name);
    return found ? formatComputed(value) : whole;
  });
}
