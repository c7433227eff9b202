import { z } from "zod";
import { CONTRACT_AMENDMENT_STATUSES, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ContractAmendmentStatus } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";
import { employmentIdParam } from "@/lib/console/payslips/employment-directory";

// The contract amendments list's state in the URL, so a copied link reopens the same view:
//   ?employment_id=…           one employment's amendments (API filter)
//   &status=submitted,in_review  statuses (API filter, comma separated like the API's parameter)
//   &page=2&page_size=50
// Lenient parsing, defaults omitted, fixed key and status order: one state, one URL.

export const CONTRACT_AMENDMENTS_PATH = "/contract-amendments";

export interface AmendmentListState {
  page: number;
  pageSize: number;
  employmentId: string;
  statuses: ContractAmendmentStatus[];
}

export const DEFAULT_AMENDMENT_STATE: AmendmentListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, employmentId: "", statuses: [] };

function valuesOf(raw: RawSearchParams, key: string): string[] {
  if (raw instanceof URLSearchParams) return raw.getAll(key);
  const v = raw[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
const first = (raw: RawSearchParams, key: string) => valuesOf(raw, key)[0];

/** Known statuses, deduplicated, in the contract's order (unknown ones dropped). */
export function normalizeAmendmentStatuses(values: readonly string[]): ContractAmendmentStatus[] {
  const wanted = new Set(values.flatMap((v) => v.split(",")).map((s) => s.trim()));
  return CONTRACT_AMENDMENT_STATUSES.filter((s) => wanted.has(s));
}

export function parseAmendmentState(raw: RawSearchParams): AmendmentListState {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).parse(first(raw, "page")),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE).parse(first(raw, "page_size")),
    employmentId: employmentIdParam.parse(first(raw, "employment_id") ?? ""),
    statuses: normalizeAmendmentStatuses(valuesOf(raw, "status")),
  };
}

export function serializeAmendmentState(state: AmendmentListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.employmentId) p.set("employment_id", state.employmentId);
  const statuses = normalizeAmendmentStatuses(state.statuses);
  if (statuses.length) p.set("status", statuses.join(","));
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  return p;
}

export function amendmentStateHref(state: AmendmentListState): string {
  const qs = serializeAmendmentState(state).toString();
  return qs ? `${CONTRACT_AMENDMENTS_PATH}?${qs}` : CONTRACT_AMENDMENTS_PATH;
}

export function updateAmendmentState(state: AmendmentListState, patch: Partial<AmendmentListState>): AmendmentListState {
  const next = { ...state, ...patch };
  const changed =
    ("employmentId" in patch && patch.employmentId !== state.employmentId) ||
    ("pageSize" in patch && patch.pageSize !== state.pageSize) ||
    ("statuses" in patch && normalizeAmendmentStatuses(patch.statuses ?? []).join() !== normalizeAmendmentStatuses(state.statuses).join());
  if (changed && !("page" in patch)) next.page = 1;
  return next;
}

export const hasAmendmentFilters = (s: AmendmentListState) => s.employmentId !== "" || s.statuses.length > 0;

export const amendmentHref = (id: string) => `${CONTRACT_AMENDMENTS_PATH}/${encodeURIComponent(id)}`;
export const amendmentsOfEmploymentHref = (employmentId: string) => amendmentStateHref({ ...DEFAULT_AMENDMENT_STATE, employmentId });
/** The amendment form of an employment (without one, the page asks which employment first). */
export const newAmendmentHref = (employmentId?: string) =>
  employmentId ? `${CONTRACT_AMENDMENTS_PATH}/new?employment_id=${encodeURIComponent(employmentId)}` : `${CONTRACT_AMENDMENTS_PATH}/new`;

export interface AmendmentListApiQuery {
  page: number;
  page_size: number;
  employment_id?: string;
  status?: string;
}

export function toAmendmentApiQuery(state: AmendmentListState): AmendmentListApiQuery {
  const q: AmendmentListApiQuery = { page: state.page, page_size: state.pageSize };
  if (state.employmentId) q.employment_id = state.employmentId;
  const statuses = normalizeAmendmentStatuses(state.statuses);
  if (statuses.length) q.status = statuses.join(",");
  return q;
}

export function amendmentQueryToSearch(q: AmendmentListApiQuery): string {
  const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size) });
  if (q.employment_id) p.set("employment_id", q.employment_id);
  if (q.status) p.set("status", q.status);
  return p.toString();
}
