import { OUTSTANDING_PAYMENT_SORTS, OUTSTANDING_PAYMENT_TYPES } from "@/lib/contract/enums";
import type { OutstandingPayment } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { OUTSTANDING_PAYMENTS_PATH } from "./links";

// The outstanding payments list's state in the URL:
//   /outstanding-payments?sort_by=invoice_period&sort_order=desc&type=refund&page=2&page_size=50&hide=description
// The sort keeps the API's own parameter names: the API sorts by due date (its default, ascending:
// omitted from the URL) and invoice period itself; the other columns are sorted by the console
// across all pages (lib/console/server/list/sorted.ts). The type is an API filter.

/** Sortable columns: the API's two sorts, then the ones the console sorts. */
export const PAYMENT_SORT_KEYS = [
  ...OUTSTANDING_PAYMENT_SORTS,
  "invoice_number",
  "type",
  "description",
  "amount",
  "issued_at",
  "status",
] as const;
export type PaymentSortBy = (typeof PAYMENT_SORT_KEYS)[number];
/** The sorts the API has (sent to it as `sort_by` / `sort_order`). */
export const isApiPaymentSort = (by: string): by is (typeof OUTSTANDING_PAYMENT_SORTS)[number] =>
  (OUTSTANDING_PAYMENT_SORTS as readonly string[]).includes(by);

export const paymentsList = defineList(OUTSTANDING_PAYMENTS_PATH, {
  sort: { keys: PAYMENT_SORT_KEYS, default: { by: "due_date", order: "asc" }, urlKeys: { by: "sort_by", order: "sort_order" } },
  columns: ["period", "type", "description", "amount", "issued", "due", "status"],
  filters: {
    type: filter.enum(OUTSTANDING_PAYMENT_TYPES),
  },
});
export type PaymentListState = ListStateOf<typeof paymentsList>;
export type PaymentListApiQuery = ListApiQueryOf<typeof paymentsList>;

export const paymentSortAccessors: SortAccessors<OutstandingPayment> = {
  invoice_number: (p) => p.invoice_number,
  invoice_period: (p) => p.invoice_period,
  due_date: (p) => p.due_date,
  type: (p) => p.type,
  description: (p) => p.description,
  amount: (p) => p.amount,
  issued_at: (p) => p.issued_at,
  status: (p) => p.status,
};
