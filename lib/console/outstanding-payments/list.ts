import { OUTSTANDING_PAYMENT_SORTS, OUTSTANDING_PAYMENT_TYPES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { OUTSTANDING_PAYMENTS_PATH } from "./links";

// The outstanding payments list's state in the URL:
//   /outstanding-payments?sort_by=invoice_period&sort_order=desc&type=refund&page=2&page_size=50
// The sort (API; default due date, ascending: omitted from the URL and left to the API's default)
// and the type (payments or refunds only, API filter).

export const paymentsList = defineList(OUTSTANDING_PAYMENTS_PATH, {
  filters: {
    sortBy: filter.choice(OUTSTANDING_PAYMENT_SORTS, { key: "sort_by", default: "due_date" }),
    sortOrder: filter.choice(["asc", "desc"], { key: "sort_order", default: "asc" }),
    type: filter.enum(OUTSTANDING_PAYMENT_TYPES),
  },
});
export type PaymentListState = ListStateOf<typeof paymentsList>;
export type PaymentListApiQuery = ListApiQueryOf<typeof paymentsList>;
export type PaymentSortBy = PaymentListState["sortBy"];

/** A column header's click: the same column flips the order, another column sorts by it ascending. */
export const toggleSort = (state: PaymentListState, column: PaymentSortBy): Partial<PaymentListState> =>
  state.sortBy === column ? { sortOrder: state.sortOrder === "asc" ? "desc" : "asc" } : { sortBy: column, sortOrder: "asc" };
