import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";
import { employmentIdParam } from "./employment-directory";

// The payslips list's state lives in the URL, so a copied link reopens the same view:
//   ?employment_id=…            one employment's payslips (API filter)
//   &start_date=2026-01-01      pay periods overlapping the window (API filters, YYYY-MM-DD)
//   &end_date=2026-03-31
//   &page=2&page_size=50        pagination (API)
// Parsing is lenient (a bad value falls back to its default); serializing omits defaults and writes
// keys in a fixed order, so one state has exactly one URL.

export const PAYSLIPS_PATH = "/payslips";

export interface PayslipListState {
  page: number;
  pageSize: number;
  employmentId: string;
  startDate: string;
  endDate: string;
}

export const DEFAULT_PAYSLIP_STATE: PayslipListState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  employmentId: "",
  startDate: "",
  endDate: "",
};

const first = (raw: RawSearchParams, key: string): string | undefined => {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
};

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE);
/** The API's own date rule (zod's ISO date: a real calendar day, YYYY-MM-DD). */
const dateParam = z.union([z.literal(""), z.iso.date()]).catch("");

export function parsePayslipState(raw: RawSearchParams): PayslipListState {
  return {
    page: pageSchema.parse(first(raw, "page")),
    pageSize: pageSizeSchema.parse(first(raw, "page_size")),
    employmentId: employmentIdParam.parse(first(raw, "employment_id") ?? ""),
    startDate: dateParam.parse((first(raw, "start_date") ?? "").trim()),
    endDate: dateParam.parse((first(raw, "end_date") ?? "").trim()),
  };
}

export function serializePayslipState(state: PayslipListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.employmentId) p.set("employment_id", state.employmentId);
  if (state.startDate) p.set("start_date", state.startDate);
  if (state.endDate) p.set("end_date", state.endDate);
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  return p;
}

export function payslipStateHref(state: PayslipListState): string {
  const qs = serializePayslipState(state).toString();
  return qs ? `${PAYSLIPS_PATH}?${qs}` : PAYSLIPS_PATH;
}

/** One employment's payslips (the employment page links here). */
export const payslipsOfEmploymentHref = (employmentId: string) => payslipStateHref({ ...DEFAULT_PAYSLIP_STATE, employmentId });

/** The next state: a change of filter or page size goes back to page 1 (unless the page is given). */
export function updatePayslipState(state: PayslipListState, patch: Partial<PayslipListState>): PayslipListState {
  const next = { ...state, ...patch };
  const changed = (["employmentId", "startDate", "endDate", "pageSize"] as const).some((k) => k in patch && patch[k] !== state[k]);
  if (changed && !("page" in patch)) next.page = 1;
  return next;
}

export const hasPayslipFilters = (s: PayslipListState) => s.employmentId !== "" || s.startDate !== "" || s.endDate !== "";

/** Why the date window can't be applied (the API answers 400 for it), or null. */
export function dateWindowError(startDate: string, endDate: string): string | null {
  return startDate && endDate && startDate > endDate ? "The end date must be on or after the start date." : null;
}

/** Query of `GET /v1/payslips` (also the list's query key). */
export interface PayslipListApiQuery {
  page: number;
  page_size: number;
  employment_id?: string;
  start_date?: string;
  end_date?: string;
}

export function toPayslipApiQuery(state: PayslipListState): PayslipListApiQuery {
  const q: PayslipListApiQuery = { page: state.page, page_size: state.pageSize };
  if (state.employmentId) q.employment_id = state.employmentId;
  if (state.startDate) q.start_date = state.startDate;
  if (state.endDate) q.end_date = state.endDate;
  return q;
}

/** The query string of an API query (BFF and API alike). */
export function payslipQueryToSearch(q: PayslipListApiQuery): string {
  const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size) });
  if (q.employment_id) p.set("employment_id", q.employment_id);
  if (q.start_date) p.set("start_date", q.start_date);
  if (q.end_date) p.set("end_date", q.end_date);
  return p.toString();
}

/** The BFF's download route of a payslip (it streams the API's PDF). */
export const payslipDownloadPath = (id: string) => `/api/bff/payslips/${encodeURIComponent(id)}/download`;
