import jsonLogic from "json-logic-js";

// JSON Logic operations our forms use beyond the standard set. They must exist wherever the
// forms are evaluated: here (server validation) and in the console's form adapter, which should
// register this same table (this module has no server imports for that reason).
//
//   {"today": []}                          → today's date, "YYYY-MM-DD" (UTC)
//   {"date_diff": [from, to, unit]}        → whole `unit`s ("days" | "months" | "years") from
//                                            `from` to `to`, negative when `to` is earlier;
//                                            null when either is not a date

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

function toUtcDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  // Rejects 2025-02-30 and the like, which Date would roll over.
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

function wholeMonthsBetween(from: Date, to: Date): number {
  const sign = to >= from ? 1 : -1;
  const [a, b] = sign > 0 ? [from, to] : [to, from];
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (b.getUTCDate() < a.getUTCDate()) months -= 1;
  return sign * months;
}

export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function dateDiff(from: unknown, to: unknown, unit: unknown = "days"): number | null {
  const a = toUtcDate(from);
  const b = toUtcDate(to);
  if (!a || !b) return null;
  if (unit === "days") return Math.round((b.getTime() - a.getTime()) / 86_400_000);
  const months = wholeMonthsBetween(a, b);
  if (unit === "months") return months;
  if (unit === "years") return Math.trunc(months / 12);
  return null;
}

export const LOGIC_OPERATIONS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  today: () => today(),
  date_diff: (from, to, unit) => dateDiff(from, to, unit ?? "days"),
};

/** The operations json-logic-js knows out of the box. */
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

let registered = false;

/** Registers our operations on the json-logic-js singleton (idempotent). */
export function registerLogicOperations(): typeof jsonLogic {
  if (!registered) {
    for (const [name, fn] of Object.entries(LOGIC_OPERATIONS)) jsonLogic.add_operation(name, fn);
    registered = true;
  }
  return jsonLogic;
}

/** Operation names a rule uses that neither json-logic-js nor we provide. */
export function unknownLogicOperations(rule: unknown): string[] {
  const unknown = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    const keys = Object.keys(node);
    // A JSON Logic operation is an object with exactly one key; anything else is data.
    if (keys.length === 1) {
      const op = keys[0]!;
      if (!STANDARD_LOGIC_OPERATIONS.has(op) && !(op in LOGIC_OPERATIONS)) unknown.add(op);
      walk((node as Record<string, unknown>)[op]);
    }
  };
  walk(rule);
  return [...unknown];
}
