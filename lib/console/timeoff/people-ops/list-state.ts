import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";

// URL state of the people-ops lists (time off, expenses, incentives, recurring incentives,
// offboardings). Each list is `?employment_id=…&<enum filters>&page=…&page_size=…`, where the enum
// filters are the API's own parameters with the API's own values. One definition per list gives its
// parse, serialize, href, update and API-query functions, so every list follows the same rules:
// parsing is lenient (an outdated or hand-edited link falls back to the defaults, never breaks the
// page), serializing omits defaults and writes keys in a fixed order (one state, one URL), and any
// change of filter or page size goes back to page 1.

export { PAGE_SIZE_OPTIONS, pageRange, pageWindow, type RawSearchParams } from "@/lib/console/list";

/** The enum filters of a list: API parameter name → the values the API accepts. */
export type EnumFilters = Record<string, readonly string[]>;

export type ListState<E extends EnumFilters> = {
  page: number;
  pageSize: number;
  /** "" = every employment. */
  employmentId: string;
} & { -readonly [K in keyof E]: E[K][number] | "" };

export type ListApiQuery<E extends EnumFilters> = {
  page: number;
  page_size: number;
  employment_id?: string;
} & { -readonly [K in keyof E]?: E[K][number] };

function first(raw: RawSearchParams, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE);
/** Employment ids are UUIDs; a value with other characters is dropped rather than sent to the API. */
export const employmentIdParam = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9-]*$/)
  .catch("");

export interface ListDefinition<E extends EnumFilters> {
  path: string;
  filters: E;
  defaults: ListState<E>;
  parse: (raw: RawSearchParams) => ListState<E>;
  serialize: (state: ListState<E>) => URLSearchParams;
  href: (state: ListState<E>) => string;
  /** The list filtered to one employment (the employment page links here). */
  ofEmployment: (employmentId: string) => string;
  update: (state: ListState<E>, patch: Partial<ListState<E>>) => ListState<E>;
  hasFilters: (state: ListState<E>) => boolean;
  toApiQuery: (state: ListState<E>) => ListApiQuery<E>;
  /** The query string of an API query, keys in a fixed order (BFF URLs double as cache identities). */
  queryToSearch: (q: ListApiQuery<E>) => string;
  /** The API query of a BFF request's search params (same lenient rules as the page's URL). */
  queryOf: (params: URLSearchParams) => ListApiQuery<E>;
  /** Parameters of a BFF request the API would refuse, as `name: value` (the BFF answers 400 for them). */
  invalidParams: (params: URLSearchParams) => string[];
}

export function defineListState<const E extends EnumFilters>(path: string, filters: E): ListDefinition<E> {
  const keys = Object.keys(filters) as (keyof E & string)[];
  const defaults = {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    employmentId: "",
    ...Object.fromEntries(keys.map((k) => [k, ""])),
  } as ListState<E>;
  const isValue = (key: keyof E & string, v: string | undefined): v is E[typeof key][number] =>
    v !== undefined && filters[key]!.includes(v);

  const parse = (raw: RawSearchParams): ListState<E> => {
    const state: Record<string, unknown> = {
      page: pageSchema.parse(first(raw, "page")),
      pageSize: pageSizeSchema.parse(first(raw, "page_size")),
      employmentId: employmentIdParam.parse(first(raw, "employment_id") ?? ""),
    };
    for (const k of keys) {
      const v = first(raw, k)?.trim();
      state[k] = isValue(k, v) ? v : "";
    }
    return state as ListState<E>;
  };

  const serialize = (state: ListState<E>): URLSearchParams => {
    const p = new URLSearchParams();
    if (state.employmentId) p.set("employment_id", state.employmentId);
    for (const k of keys) {
      const v = state[k] as string;
      if (isValue(k, v)) p.set(k, v);
    }
    if (state.page !== 1) p.set("page", String(state.page));
    if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
    return p;
  };

  const href = (state: ListState<E>) => {
    const qs = serialize(state).toString();
    return qs ? `${path}?${qs}` : path;
  };

  const update = (state: ListState<E>, patch: Partial<ListState<E>>): ListState<E> => {
    const next: ListState<E> = { ...state, ...patch };
    const before = state as Record<string, unknown>;
    const after = patch as Record<string, unknown>;
    const changed = ["employmentId", "pageSize", ...keys].some((k) => k in after && after[k] !== before[k]);
    return changed && !("page" in after) ? { ...next, page: 1 } : next;
  };

  const toApiQuery = (state: ListState<E>): ListApiQuery<E> => {
    const q: Record<string, unknown> = { page: state.page, page_size: state.pageSize };
    if (state.employmentId) q.employment_id = state.employmentId;
    for (const k of keys) if (state[k]) q[k] = state[k];
    return q as ListApiQuery<E>;
  };

  const queryToSearch = (q: ListApiQuery<E>): string => {
    const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size) });
    if (q.employment_id) p.set("employment_id", q.employment_id);
    for (const k of keys) {
      const v = q[k] as string | undefined;
      if (v) p.set(k, v);
    }
    return p.toString();
  };

  return {
    path,
    filters,
    defaults,
    parse,
    serialize,
    href,
    ofEmployment: (employmentId) => href({ ...defaults, employmentId }),
    update,
    hasFilters: (s) => s.employmentId !== "" || keys.some((k) => s[k] !== ""),
    toApiQuery,
    queryToSearch,
    queryOf: (params) => toApiQuery(parse(params)),
    invalidParams: (params) => {
      const state = parse(params);
      const bad: string[] = [];
      const check = (name: string, ok: boolean) => {
        const raw = params.get(name);
        if (raw !== null && raw !== "" && !ok) bad.push(`${name}: invalid value ${JSON.stringify(raw)}`);
      };
      check("employment_id", state.employmentId !== "");
      check("page", String(state.page) === params.get("page"));
      check("page_size", String(state.pageSize) === params.get("page_size"));
      for (const k of keys) check(k, state[k] !== "");
      return bad;
    },
  };
}

/** The employment of a page's `?employment_id=` ("" when absent or malformed). */
export function employmentIdOf(raw: RawSearchParams): string {
  return employmentIdParam.parse(first(raw, "employment_id") ?? "");
}

/** `path?employment_id=…` (just `path` without an employment). */
export const withEmploymentId = (path: string, employmentId?: string | null) =>
  employmentId ? `${path}?${new URLSearchParams({ employment_id: employmentId }).toString()}` : path;
