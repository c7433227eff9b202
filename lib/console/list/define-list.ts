import { filter, integerParser, type AnyFilter, type Filter, type ValueParser } from "./filters";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS, type RawSearchParams } from "./pages";
import { sortDeclaration, type SortDeclaration, type SortOptions, type SortOrder } from "./sort";

// defineList: the one declaration of a console list's URL state. A list is
//   <path>?sort=<column>&order=desc&<filters…>&page=<n>&page_size=<n>&hide=<column,…>
// (sort and hide only for a list that declares `sort` / `columns`: lib/console/list/sort.ts).
// where the filters are (mostly) the API's own parameters with the API's own values, and page /
// page_size are the API's page-number pagination. One declaration gives, from the same parsers
// (each parameter's codec, lib/console/list/filters.ts):
// - `parse(searchParams)`: the typed state, on the server (Next's `searchParams` record) and in the
//   browser (URLSearchParams); `useListUrlState(list)` (components/console/list) reads and writes the
//   same state in the browser.
// - `href(state)`: the list's URL (defaults omitted, keys in declaration order: one state, one URL).
// - `update(state, patch)`: the next state; any change of a filter or of the page size goes back to page 1.
// - `toApiQuery(state)` / `apiSearch(query)`: the API query (also the react-query key) and its BFF query string.
// - `apiQueryOf(params)` / `invalidApiParams(params)`: the BFF's side (lenient parse, and the 400 list).
// Parsing is lenient: an outdated or hand-edited link (`?page=abc`, `?page_size=7`, `?status=bogus`)
// parses to the defaults, never to an error page.

type Filters = Record<string, AnyFilter>;

type ValueOf<F> = F extends Filter<infer T, infer _K, infer _A> ? T : never;
type UrlKeyOf<F, Name> = F extends { key: infer K } ? (K extends string ? K : Name & string) : Name & string;

/**
 * The state of a list: its filters by name, the page and the page size, the sort (`sort` = "" for
 * the API's own order; present only for a list that declares `sort`) and the hidden columns (`hide`,
 * column ids; present only for a list that declares `columns`).
 */
export type ListState<F extends Filters> = { page: number; pageSize: number; sort?: string; order?: SortOrder; hide?: string[] } & {
  -readonly [K in keyof F]: ValueOf<F[K]>;
};

/**
 * The API query of a list: page, page_size, the sort when it is not the list's default (`sort`,
 * `order`: the BFF sorts, or passes them on to an API that sorts), and the set API filters by their API names.
 */
export type ListApiQuery<F extends Filters> = { page: number; page_size: number; sort?: string; order?: SortOrder } & {
  -readonly [K in keyof F as F[K] extends { api: true } ? UrlKeyOf<F[K], K> : never]?: ValueOf<F[K]>;
};

export interface ListOptions<F extends Filters> {
  filters: F;
  /** The page sizes the URL accepts and the rows-per-page select offers (default PAGE_SIZE_OPTIONS). */
  pageSizes?: readonly number[];
  /** Default DEFAULT_PAGE_SIZE (must be one of `pageSizes`). */
  defaultPageSize?: number;
  /** The columns the list sorts by (`?sort=<key>&order=desc`); absent: no sortable column. */
  sort?: SortOptions;
  /** The ids of the columns a user may hide (`?hide=a,b`, kept in this order); absent: none. */
  columns?: readonly string[];
}

export interface ListDefinition<F extends Filters> {
  readonly path: string;
  readonly filters: F;
  readonly pageSizes: readonly number[];
  readonly sort: SortDeclaration;
  /** The ids of the columns a user may hide. */
  readonly columns: readonly string[];
  readonly defaults: ListState<F>;
  /** The codec of each state key (in the order of the URL's keys), and state key → URL key. */
  readonly parsers: { [K in keyof ListState<F>]: ValueParser<ListState<F>[K]> };
  readonly urlKeys: Record<string, string>;
  /** Every URL parameter the list owns (a change of its state rewrites these and keeps the others). */
  readonly ownKeys: readonly string[];
  /** The typed state of a page's `searchParams` (server) or of a URLSearchParams (browser). */
  parse: (raw: RawSearchParams) => ListState<F>;
  /** The URL of a state (`path` alone for the default view). */
  href: (state: ListState<F>) => string;
  /** The URL of the default view changed by `patch` (e.g. `hrefFor({ employmentId })` from an employment page). */
  hrefFor: (patch: Partial<ListState<F>>) => string;
  /** The next state: a change of an API filter or of the page size resets the page to 1 (unless `patch` sets it). */
  update: (state: ListState<F>, patch: Partial<ListState<F>>) => ListState<F>;
  /** Whether any filter sent to the API is set (filters with `api: false` do not count). */
  hasFilters: (state: ListState<F>) => boolean;
  toApiQuery: (state: ListState<F>) => ListApiQuery<F>;
  /** The query string of an API query: page, page_size, then filters in declaration order (BFF URLs double as cache identities). */
  apiSearch: (query: ListApiQuery<F>) => string;
  /** The API query of a BFF request's search params (the same lenient rules; page_size up to the API's maximum). */
  apiQueryOf: (params: URLSearchParams) => ListApiQuery<F>;
  /** Parameters of a BFF request the API would refuse, as `name: invalid value "…"` (the BFF answers 400). */
  invalidApiParams: (params: URLSearchParams) => string[];
}

/**
 * Declare a list:
 *
 *   export const expensesList = defineList("/expenses", {
 *     filters: { employmentId: filter.employment(), status: filter.enum(EXPENSE_STATUSES) },
 *   });
 *
 * The filter's name (`employmentId`) is its key in the state; its URL and API name is the filter's
 * `key` (`employment_id`; by default the same as the name).
 */
export function defineList<const F extends Filters>(path: string, options: ListOptions<F>): ListDefinition<F> {
  const { filters } = options;
  const pageSizes = options.pageSizes ?? PAGE_SIZE_OPTIONS;
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  if (!pageSizes.includes(defaultPageSize)) throw new Error(`defineList(${path}): default page size ${defaultPageSize} is not offered`);
  const names = Object.keys(filters);
  for (const reserved of ["page", "pageSize", "sort", "order", "hide"]) {
    if (names.includes(reserved)) throw new Error(`defineList(${path}): "${reserved}" is not a filter name (the list's own state)`);
  }
  const sort = sortDeclaration(options.sort);
  const columns = options.columns ?? [];
  const hideFilter = filter.multi(columns, { key: "hide" });
  const urlKeyOf = (name: string) => filters[name]!.key ?? name;

  type S = ListState<F>;
  type Q = ListApiQuery<F>;
  const sorted = sort.keys.length > 0;
  const hideable = columns.length > 0;
  const parsers = {
    ...(sorted ? { sort: sort.byParser, order: sort.orderParser } : {}),
    ...Object.fromEntries(names.map((n) => [n, filters[n]!.parser])),
    page: integerParser(1, { min: 1, max: MAX_PAGE }),
    pageSize: integerParser(defaultPageSize, { min: 1, max: MAX_PAGE_SIZE, allowed: pageSizes }),
    ...(hideable ? { hide: hideFilter.parser } : {}),
  } as unknown as ListDefinition<F>["parsers"];
  const urlKeys: Record<string, string> = {
    ...Object.fromEntries(names.map((n) => [n, urlKeyOf(n)])),
    pageSize: "page_size",
    ...(sorted ? { sort: sort.byKey, order: sort.orderKey } : {}),
    ...(hideable ? { hide: "hide" } : {}),
  };
  const defaults = {
    ...(sorted ? { sort: sort.defaultBy, order: sort.defaultOrder } : {}),
    ...Object.fromEntries(names.map((n) => [n, filters[n]!.empty])),
    page: 1,
    pageSize: defaultPageSize,
    ...(hideable ? { hide: [] } : {}),
  } as unknown as S;
  const sortIsDefault = (by: string | undefined, order: SortOrder | undefined) =>
    !sorted || ((by ?? "") === sort.defaultBy && (sort.defaultBy === "" || (order ?? sort.defaultOrder) === sort.defaultOrder));

  // The loader and the serializer of the same parsers: the first value of a parameter, parsed
  // leniently (absent or not accepted: the default); defaults are not written, keys in declaration order.
  const entries = Object.entries(parsers as Record<string, ValueParser<unknown>>).map(([k, p]) => [k, urlKeys[k] ?? k, p] as const);
  const parse = (raw: RawSearchParams): S => {
    const get =
      raw instanceof URLSearchParams
        ? (key: string) => raw.get(key)
        : (key: string) => {
            const v = raw[key];
            return (Array.isArray(v) ? v[0] : v) ?? null;
          };
    const state: Record<string, unknown> = {};
    for (const [k, key, p] of entries) {
      const v = get(key);
      state[k] = (v === null ? null : p.parse(v)) ?? p.defaultValue;
    }
    return state as S;
  };
  const href = (state: S): string => {
    const parts: string[] = [];
    for (const [k, key, p] of entries) {
      const v = (state as Record<string, unknown>)[k];
      if (v === undefined || v === null || p.eq(v, p.defaultValue)) continue;
      parts.push(`${encodeKey(key)}=${encodeValue(p.serialize(v))}`);
    }
    return parts.length > 0 ? `${path}?${parts.join("&")}` : path;
  };

  const apiNames = names.filter((n) => filters[n]!.api);

  // A filter value as its URL would give it back (trimmed, multi values deduplicated and in order;
  // a value the filter does not accept becomes its empty value).
  const canonical = (name: string, v: unknown): unknown => {
    const f = filters[name]!;
    return f.parser.parse(f.parser.serialize(v)) ?? f.empty;
  };

  const update = (state: S, patch: Partial<S>): S => {
    const next: Record<string, unknown> = { ...state, ...patch };
    for (const n of names) if (n in patch) next[n] = canonical(n, next[n]);
    if (sorted) {
      if ("sort" in patch) next.sort = sort.byParser.parse(String(next.sort ?? "")) ?? sort.defaultBy;
      if ("order" in patch) next.order = sort.orderParser.parse(String(next.order ?? "")) ?? sort.defaultOrder;
      if (next.sort === "") next.order = sort.defaultOrder; // the API's order has no direction of ours
    } else {
      delete next.sort;
      delete next.order;
    }
    if (hideable) {
      if ("hide" in patch) next.hide = hideFilter.normalize((next.hide as string[] | undefined) ?? []);
    } else delete next.hide;
    const before = state as Record<string, unknown>;
    const after = patch as Record<string, unknown>;
    // A filter the page applies itself (api: false) does not change which page the API serves; a
    // new sort does (page 2 of another order is other rows); hiding a column does not.
    const changed = [...apiNames, "pageSize", ...(sorted ? ["sort", "order"] : [])].some((k) => {
      if (!(k in after)) return false;
      const p = (parsers as Record<string, ValueParser<unknown>>)[k]!;
      return !p.eq(next[k], before[k]);
    });
    return (changed && !("page" in after) ? { ...next, page: 1 } : next) as S;
  };

  const toApiQuery = (state: S): Q => {
    const q: Record<string, unknown> = { page: state.page, page_size: state.pageSize };
    if (!sortIsDefault(state.sort, state.order)) Object.assign(q, { sort: state.sort, order: state.order });
    for (const n of apiNames) {
      const v = canonical(n, (state as Record<string, unknown>)[n]);
      if (filters[n]!.isSet(v)) q[urlKeyOf(n)] = v;
    }
    return q as Q;
  };

  const apiSearch = (query: Q): string => {
    const q = query as Record<string, unknown>;
    const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size) });
    if (typeof q.sort === "string" && q.sort !== "") {
      p.set(sort.byKey, q.sort);
      p.set(sort.orderKey, String(q.order ?? sort.defaultOrder));
    }
    for (const n of apiNames) {
      const v = q[urlKeyOf(n)];
      if (v !== undefined && filters[n]!.isSet(v)) p.set(urlKeyOf(n), filters[n]!.toSearch(v));
    }
    return p.toString();
  };

  // The BFF accepts any page size the API does (the page's URL only offers `pageSizes`).
  const apiPage = integerParser(1, { min: 1, max: MAX_PAGE });
  const apiPageSize = integerParser(DEFAULT_PAGE_SIZE, { min: 1, max: MAX_PAGE_SIZE });
  const apiValue = (params: URLSearchParams) => ({
    page: apiPage.parse(params.get("page") ?? ""),
    page_size: apiPageSize.parse(params.get("page_size") ?? ""),
    sort: sorted ? sort.byParser.parse(params.get(sort.byKey) ?? "") : null,
    order: sorted ? sort.orderParser.parse(params.get(sort.orderKey) ?? "") : null,
    ...Object.fromEntries(apiNames.map((n) => [n, filters[n]!.parser.parse(params.get(urlKeyOf(n)) ?? "")])),
  });

  return {
    path,
    filters,
    pageSizes,
    sort,
    columns,
    defaults,
    parsers,
    urlKeys,
    ownKeys: entries.map(([, key]) => key),
    parse,
    href,
    hrefFor: (patch) => href(update(defaults, patch)),
    update,
    hasFilters: (s) => apiNames.some((n) => filters[n]!.isSet((s as Record<string, unknown>)[n])),
    toApiQuery,
    apiSearch,
    apiQueryOf: (params) => {
      const v = apiValue(params);
      const q: Record<string, unknown> = { page: v.page ?? 1, page_size: v.page_size ?? DEFAULT_PAGE_SIZE };
      const by = v.sort ?? sort.defaultBy;
      const order = v.order ?? sort.defaultOrder;
      if (!sortIsDefault(by, order)) Object.assign(q, { sort: by, order });
      for (const n of apiNames) {
        const value = (v as Record<string, unknown>)[n];
        if (value !== null && value !== undefined) q[urlKeyOf(n)] = value;
      }
      return q as Q;
    },
    invalidApiParams: (params) => {
      const v = apiValue(params) as Record<string, unknown>;
      const bad: string[] = [];
      const own: [string, string][] = [
        ["page", "page"],
        ["page_size", "page_size"],
        ...(sorted
          ? ([
              ["sort", sort.byKey],
              ["order", sort.orderKey],
            ] as [string, string][])
          : []),
      ];
      for (const [name, key] of [...own, ...apiNames.map((n): [string, string] => [n, urlKeyOf(n)])]) {
        const raw = params.get(key);
        if (raw !== null && raw !== "" && v[name] === null) bad.push(`${key}: invalid value ${JSON.stringify(raw)}`);
      }
      return bad;
    },
  };
}

// A query string as the console writes it: readable (commas, `@` and `:` as they are), every
// character that would change its meaning escaped, spaces as `+`; URLSearchParams reads it back.
const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
const encodeKey = (key: string) => key.replace(/[#&+=?]/g, hex);
const encodeValue = (value: string) => value.replace(/[%+#&"'`<>]|[^\x20-\uffff]/g, hex).replace(/ /g, "+");

/** The state type of a list definition: `ListStateOf<typeof expensesList>`. */
export type ListStateOf<L> = L extends ListDefinition<infer F> ? ListState<F> : never;
/** The API query type of a list definition: `ListApiQueryOf<typeof expensesList>`. */
export type ListApiQueryOf<L> = L extends ListDefinition<infer F> ? ListApiQuery<F> : never;

/** `path?employment_id=…` (just `path` without an employment): links to forms opened for one employment. */
export const withEmploymentId = (path: string, employmentId?: string | null) =>
  employmentId ? `${path}?${new URLSearchParams({ employment_id: employmentId }).toString()}` : path;

const employmentParam = filter.employment();
/** The employment of a page's `?employment_id=` ("" when absent or malformed): forms opened for one employment. */
export function employmentIdOf(raw: RawSearchParams): string {
  const v = raw instanceof URLSearchParams ? raw.get("employment_id") : raw.employment_id;
  const first = Array.isArray(v) ? v[0] : v;
  return employmentParam.parser.parse(first ?? "") ?? "";
}
