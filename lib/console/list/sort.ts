import { valueParser, type ValueParser } from "./filters";

// The sort of a console list: one column key and an order, in the URL as
//   ?sort=<column>&order=desc
// (URL names per list: the outstanding payments list keeps the API's own `sort_by` / `sort_order`).
// Lenient like every list parameter: an unknown column or order parses to the default; the default
// (the list's declared sort, or the API's own order when it declares none) is never written to the
// URL. Browser-safe and server-safe. docs/decisions/console-sort-and-saved-views.md

export type SortOrder = "asc" | "desc";
export const SORT_ORDERS = ["asc", "desc"] as const satisfies readonly SortOrder[];

export interface SortOptions<K extends string = string> {
  /** The column keys the list can be sorted by (the sort header's `sortKey`). */
  keys: readonly K[];
  /** The sort of the default view; absent: the API's own order (no column marked sorted). */
  default?: { by: K; order: SortOrder };
  /** URL (and BFF) parameter names; default `sort` and `order`. */
  urlKeys?: { by?: string; order?: string };
}

export interface SortDeclaration {
  readonly keys: readonly string[];
  /** "" when the default view is in the API's order. */
  readonly defaultBy: string;
  readonly defaultOrder: SortOrder;
  readonly byKey: string;
  readonly orderKey: string;
  readonly byParser: ValueParser<string>;
  readonly orderParser: ValueParser<SortOrder>;
}

export function sortDeclaration(options: SortOptions | undefined): SortDeclaration {
  const keys = options?.keys ?? [];
  const defaultBy = options?.default?.by ?? "";
  const defaultOrder = options?.default?.order ?? "asc";
  if (defaultBy && !keys.includes(defaultBy)) throw new Error(`sort: the default column ${defaultBy} is not sortable`);
  const byParser = valueParser<string>(
    {
      parse: (raw) => {
        const v = raw.trim();
        return keys.includes(v) ? v : null;
      },
      serialize: (v) => v,
      eq: (a, b) => a === b,
    },
    defaultBy,
  );
  const orderParser = valueParser<SortOrder>(
    {
      parse: (raw) => {
        const v = raw.trim().toLowerCase();
        return keys.length > 0 && (v === "asc" || v === "desc") ? v : null;
      },
      serialize: (v) => v,
      eq: (a, b) => a === b,
    },
    defaultOrder,
  );
  return {
    keys,
    defaultBy,
    defaultOrder,
    byKey: options?.urlKeys?.by ?? "sort",
    orderKey: options?.urlKeys?.order ?? "order",
    byParser,
    orderParser,
  };
}

/**
 * A header's click: the column the list is sorted by flips its order; another column sorts by it
 * ascending (descending first when `firstOrder` says so, e.g. dates newest first).
 */
export function toggleSort(
  current: { sort?: string; order?: SortOrder },
  column: string,
  firstOrder: SortOrder = "asc",
): { sort: string; order: SortOrder } {
  return current.sort === column ? { sort: column, order: current.order === "desc" ? "asc" : "desc" } : { sort: column, order: firstOrder };
}

/** The aria-sort of a sortable column's header. */
export const ariaSortOf = (current: { sort?: string; order?: SortOrder }, column: string): "ascending" | "descending" | "none" =>
  current.sort === column ? (current.order === "desc" ? "descending" : "ascending") : "none";

/** A row's value for a sort column: text compares by locale (case- and accent-insensitive), numbers and dates by value. */
export type SortValue = string | number | boolean | Date | null | undefined;
export type SortAccessors<T> = Record<string, (row: T) => SortValue>;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function compareValues(a: SortValue, b: SortValue): number {
  const an = a === null || a === undefined || a === "";
  const bn = b === null || b === undefined || b === "";
  if (an || bn) return an === bn ? 0 : an ? 1 : -1; // empty last, whatever the order
  if (a instanceof Date || b instanceof Date) return +new Date(a as never) - +new Date(b as never);
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * The rows ordered by one column. Stable: rows with equal values keep the API's order (so the
 * result is deterministic for one API answer). Empty values come last in both orders.
 */
export function sortRows<T>(rows: readonly T[], accessors: SortAccessors<T>, by: string, order: SortOrder): T[] {
  const get = accessors[by];
  if (!get) return [...rows];
  const keyed = rows.map((row, i) => ({ row, i, v: get(row) }));
  keyed.sort((x, y) => {
    const empty = (v: SortValue) => v === null || v === undefined || v === "";
    if (empty(x.v) || empty(y.v)) return compareValues(x.v, y.v) || x.i - y.i;
    const c = compareValues(x.v, y.v);
    return (order === "asc" ? c : -c) || x.i - y.i;
  });
  return keyed.map((k) => k.row);
}

/**
 * How a page of a live list was sorted (the BFF's answer, lib/console/server/list/sorted.ts):
 * "sorted": across all `total` rows of the filtered list; "too_many": not sorted, the list has more
 * than `max` rows (served in the API's order, and the list says so).
 */
export interface SortInfo {
  by: string;
  order: SortOrder;
  state: "sorted" | "too_many";
  total: number;
  max: number;
}
