import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, OUTSTANDING_PAYMENT_SORTS, OUTSTANDING_PAYMENT_TYPES } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";

// The outstanding payments list's state in the URL:
//   ?sort_by=invoice_period&sort_order=desc   sort (API; default due date, ascending)
//   &type=refund                              payments or refunds only (API filter)
//   &page=2&page_size=50
// Lenient parsing, defaults omitted, fixed key order: one state, one URL.

export const OUTSTANDING_PAYMENTS_PATH = "/outstanding-payments";

export type PaymentSortBy = (typeof OUTSTANDING_PAYMENT_SORTS)[number];
export type PaymentSortOrder = "asc" | "desc";
export type PaymentTypeFilter = "" | (typeof OUTSTANDING_PAYMENT_TYPES)[number];

export interface PaymentListState {
  page: number;
  pageSize: number;
  sortBy: PaymentSortBy;
  sortOrder: PaymentSortOrder;
  type: PaymentTypeFilter;
}

export const DEFAULT_PAYMENT_STATE: PaymentListState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sortBy: "due_date",
  sortOrder: "asc",
  type: "",
};

const first = (raw: RawSearchParams, key: string): string | undefined => {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
};

export function parsePaymentState(raw: RawSearchParams): PaymentListState {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).parse(first(raw, "page")),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE).parse(first(raw, "page_size")),
    sortBy: z.enum(OUTSTANDING_PAYMENT_SORTS).catch("due_date").parse(first(raw, "sort_by")),
    sortOrder: z.enum(["asc", "desc"]).catch("asc").parse(first(raw, "sort_order")),
    type: z
      .enum(["", ...OUTSTANDING_PAYMENT_TYPES])
      .catch("")
      .parse(first(raw, "type") ?? ""),
  };
}

export function serializePaymentState(state: PaymentListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.sortBy !== DEFAULT_PAYMENT_STATE.sortBy) p.set("sort_by", state.sortBy);
  if (state.sortOrder !== DEFAULT_PAYMENT_STATE.sortOrder) p.set("sort_order", state.sortOrder);
  if (state.type) p.set("type", state.type);
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  return p;
}

export function paymentStateHref(state: PaymentListState): string {
  const qs = serializePaymentState(state).toString();
  return qs ? `${OUTSTANDING_PAYMENTS_PATH}?${qs}` : OUTSTANDING_PAYMENTS_PATH;
}

/** The next state: any change of sort, filter or page size goes back to page 1 (unless the page is given). */
export function updatePaymentState(state: PaymentListState, patch: Partial<PaymentListState>): PaymentListState {
  const next = { ...state, ...patch };
  const changed = (["sortBy", "sortOrder", "type", "pageSize"] as const).some((k) => k in patch && patch[k] !== state[k]);
  if (changed && !("page" in patch)) next.page = 1;
  return next;
}

/** A column header's click: the same column flips the order, another column sorts by it ascending. */
export function toggleSort(state: PaymentListState, column: PaymentSortBy): PaymentListState {
  return updatePaymentState(
    state,
    state.sortBy === column ? { sortOrder: state.sortOrder === "asc" ? "desc" : "asc" } : { sortBy: column, sortOrder: "asc" },
  );
}

export interface PaymentListApiQuery {
  page: number;
  page_size: number;
  sort_by: PaymentSortBy;
  sort_order: PaymentSortOrder;
  type?: Exclude<PaymentTypeFilter, "">;
}

export function toPaymentApiQuery(state: PaymentListState): PaymentListApiQuery {
  const q: PaymentListApiQuery = { page: state.page, page_size: state.pageSize, sort_by: state.sortBy, sort_order: state.sortOrder };
  if (state.type) q.type = state.type;
  return q;
}

export function paymentQueryToSearch(q: PaymentListApiQuery): string {
  const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size), sort_by: q.sort_by, sort_order: q.sort_order });
  if (q.type) p.set("type", q.type);
  return p.toString();
}
