import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  EMPLOYMENT_STATUSES,
  EmploymentStatusSchema,
  MAX_PAGE_SIZE,
  type EmploymentListItem,
  type EmploymentStatus,
} from "@/lib/contract";
import { LIFECYCLE_LABELS, MODEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "./labels";
import { EMPLOYMENTS_PATH } from "./links";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";

// The employments list's state lives in the URL, so a copied link reopens the same view.
//   ?status=active,invited   statuses (API filter, comma-separated like the API's own parameter)
//   &email=a@b.example       personal email, exact match (API filter)
//   &q=berlin                search within the loaded page (client-side, labelled as such)
//   &page=2&page_size=50     pagination (API)
// Parsing is lenient: a hand-edited or outdated link never breaks the page, bad values fall back to
// their defaults. Serializing omits defaults and writes keys and statuses in a fixed order, so one
// state has exactly one URL.

export const MAX_SEARCH_LENGTH = 200;

export interface EmploymentListState {
  page: number;
  pageSize: number;
  statuses: EmploymentStatus[];
  email: string;
  q: string;
}

export const DEFAULT_LIST_STATE: EmploymentListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, statuses: [], email: "", q: "" };

/** All values of a key (repeated keys and comma lists both count). */
function valuesOf(raw: RawSearchParams, key: string): string[] {
  if (raw instanceof URLSearchParams) return raw.getAll(key);
  const v = raw[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

const first = (raw: RawSearchParams, key: string) => valuesOf(raw, key)[0];

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(DEFAULT_LIST_STATE.page);
const pageSizeSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_LIST_STATE.pageSize);
const emailSchema = z.string().trim().max(254).catch("");
const searchSchema = z.string().trim().max(MAX_SEARCH_LENGTH).catch("");

/** Known statuses, deduplicated, in the spec's order (unknown ones are dropped). */
export function normalizeStatuses(values: readonly string[]): EmploymentStatus[] {
  const wanted = new Set(
    values
      .flatMap((v) => v.split(","))
      .map((s) => s.trim())
      .filter((s) => EmploymentStatusSchema.safeParse(s).success),
  );
  return EMPLOYMENT_STATUSES.filter((s) => wanted.has(s));
}

export function parseListState(raw: RawSearchParams): EmploymentListState {
  return {
    page: pageSchema.parse(first(raw, "page") ?? undefined),
    pageSize: pageSizeSchema.parse(first(raw, "page_size") ?? undefined),
    statuses: normalizeStatuses(valuesOf(raw, "status")),
    email: emailSchema.parse(first(raw, "email") ?? ""),
    q: searchSchema.parse(first(raw, "q") ?? ""),
  };
}

export function serializeListState(state: EmploymentListState): URLSearchParams {
  const p = new URLSearchParams();
  const statuses = normalizeStatuses(state.statuses);
  if (statuses.length > 0) p.set("status", statuses.join(","));
  const email = state.email.trim();
  if (email) p.set("email", email);
  const q = state.q.trim();
  if (q) p.set("q", q);
  if (state.page !== DEFAULT_LIST_STATE.page) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) p.set("page_size", String(state.pageSize));
  return p;
}

/** The list's URL for a state ("/employments" for the default view). */
export function listStateHref(state: EmploymentListState, pathname = EMPLOYMENTS_PATH): string {
  const qs = serializeListState(state).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The next state after a change: any change of filter or page size goes back to page 1. */
export function updateListState(state: EmploymentListState, patch: Partial<EmploymentListState>): EmploymentListState {
  const next = { ...state, ...patch };
  const filtersChanged =
    ("statuses" in patch && normalizeStatuses(patch.statuses ?? []).join() !== normalizeStatuses(state.statuses).join()) ||
    ("email" in patch && (patch.email ?? "").trim() !== state.email.trim()) ||
    ("pageSize" in patch && patch.pageSize !== state.pageSize);
  if (filtersChanged && !("page" in patch)) next.page = 1;
  return next;
}

export const hasApiFilters = (s: EmploymentListState) => s.statuses.length > 0 || s.email.trim() !== "";

/** Query of `GET /v1/employments` for a state (also the list's query key: `q` is not part of it). */
export interface EmploymentListApiQuery {
  page: number;
  page_size: number;
  status?: EmploymentStatus[];
  email?: string;
}

export function toApiQuery(state: EmploymentListState): EmploymentListApiQuery {
  const q: EmploymentListApiQuery = { page: state.page, page_size: state.pageSize };
  const statuses = normalizeStatuses(state.statuses);
  if (statuses.length > 0) q.status = statuses;
  const email = state.email.trim();
  if (email) q.email = email;
  return q;
}

/** The BFF's query string for an API query. */
export function apiQueryToSearch(q: EmploymentListApiQuery): string {
  const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size) });
  if (q.status?.length) p.set("status", q.status.join(","));
  if (q.email) p.set("email", q.email);
  return p.toString();
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The text a row is searched by: what the table shows, plus emails and identifiers. */
function searchableText(e: EmploymentListItem): string {
  return fold(
    [
      e.full_name,
      e.job_title,
      e.department,
      e.personal_email,
      e.work_email,
      e.login_email,
      e.external_id,
      e.short_id,
      e.id,
      e.country?.name,
      e.country?.code,
      e.country?.alpha_2_code,
      STATUS_LABELS[e.status],
      TYPE_LABELS[e.type],
      e.employment_model ? MODEL_LABELS[e.employment_model] : null,
      LIFECYCLE_LABELS[e.employment_lifecycle_stage],
    ]
      .filter(Boolean)
      .join(" \u0000 "),
  );
}

/**
 * The search box: rows of the loaded page containing every word of `q` (case and accents ignored).
 * The API has no free-text search, so this never looks beyond the page; the UI says so.
 */
export function searchPageItems<T extends EmploymentListItem>(items: readonly T[], q: string): T[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = searchableText(item);
    return words.every((w) => text.includes(w));
  });
}
