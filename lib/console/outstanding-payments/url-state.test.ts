import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { totalsByCurrency } from "./labels";
import {
  DEFAULT_PAYMENT_STATE,
  parsePaymentState,
  paymentQueryToSearch,
  paymentStateHref,
  serializePaymentState,
  toggleSort,
  toPaymentApiQuery,
  updatePaymentState,
  type PaymentListState,
} from "./url-state";

const stateArb: fc.Arbitrary<PaymentListState> = fc.record({
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.integer({ min: 1, max: 100 }),
  sortBy: fc.constantFrom("due_date" as const, "invoice_period" as const),
  sortOrder: fc.constantFrom("asc" as const, "desc" as const),
  type: fc.constantFrom("" as const, "payment" as const, "refund" as const),
});

describe("outstanding payments URL state", () => {
  it("round-trips every state and gives it one URL", () => {
    fc.assert(
      fc.property(stateArb, (s) => void expect(parsePaymentState(new URLSearchParams(serializePaymentState(s).toString()))).toEqual(s)),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("page", "page_size", "sort_by", "sort_order", "type"), fc.string()), (raw) => {
        const once = serializePaymentState(parsePaymentState(raw)).toString();
        expect(serializePaymentState(parsePaymentState(new URLSearchParams(once))).toString()).toBe(once);
      }),
    );
  });

  it("defaults to due date ascending and drops unknown values", () => {
    expect(paymentStateHref(DEFAULT_PAYMENT_STATE)).toBe("/outstanding-payments");
    expect(parsePaymentState({ sort_by: "amount", sort_order: "up", type: "invoice" })).toEqual(DEFAULT_PAYMENT_STATE);
    expect(paymentStateHref(parsePaymentState({ sort_by: "invoice_period", type: "refund" }))).toBe(
      "/outstanding-payments?sort_by=invoice_period&type=refund",
    );
  });

  it("sorts by a column, flips on a second click, and goes back to page 1", () => {
    const s = { ...DEFAULT_PAYMENT_STATE, page: 3 };
    expect(toggleSort(s, "invoice_period")).toMatchObject({ sortBy: "invoice_period", sortOrder: "asc", page: 1 });
    expect(toggleSort(s, "due_date")).toMatchObject({ sortBy: "due_date", sortOrder: "desc", page: 1 });
    expect(toggleSort(toggleSort(s, "due_date"), "due_date")).toMatchObject({ sortOrder: "asc" });
    expect(updatePaymentState(s, { type: "payment" }).page).toBe(1);
    expect(updatePaymentState(s, { type: "" }).page).toBe(3);
  });

  it("always sends the sort to the API", () => {
    expect(toPaymentApiQuery(DEFAULT_PAYMENT_STATE)).toEqual({ page: 1, page_size: 20, sort_by: "due_date", sort_order: "asc" });
    const q = toPaymentApiQuery({ ...DEFAULT_PAYMENT_STATE, sortBy: "invoice_period", sortOrder: "desc", type: "refund" });
    expect(paymentQueryToSearch(q)).toBe("page=1&page_size=20&sort_by=invoice_period&sort_order=desc&type=refund");
  });

  it("totals the rows shown per currency and direction", () => {
    expect(
      totalsByCurrency([
        { type: "payment", amount: 100, currency: "EUR" },
        { type: "refund", amount: 30, currency: "EUR" },
        { type: "payment", amount: 5, currency: "USD" },
        { type: "payment", amount: 50, currency: "EUR" },
      ]),
    ).toEqual([
      { currency: "EUR", owed: 150, refunds: 30 },
      { currency: "USD", owed: 5, refunds: 0 },
    ]);
  });
});
