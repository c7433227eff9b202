import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { totalsByCurrency } from "./labels";
import { paymentsList, toggleSort, type PaymentListState } from "./list";

const stateArb: fc.Arbitrary<PaymentListState> = fc.record({
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.constantFrom(10, 20, 50, 100),
  sortBy: fc.constantFrom("due_date" as const, "invoice_period" as const),
  sortOrder: fc.constantFrom("asc" as const, "desc" as const),
  type: fc.constantFrom("" as const, "payment" as const, "refund" as const),
});
const query = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");

describe("outstanding payments list URL state", () => {
  it("round-trips every state and gives it one URL", () => {
    fc.assert(fc.property(stateArb, (s) => void expect(paymentsList.parse(query(paymentsList.href(s)))).toEqual(s)));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("page", "page_size", "sort_by", "sort_order", "type"), fc.string()), (raw) => {
        const once = paymentsList.href(paymentsList.parse(raw));
        expect(paymentsList.href(paymentsList.parse(query(once)))).toBe(once);
      }),
    );
  });

  it("defaults to due date ascending and drops unknown values", () => {
    expect(paymentsList.defaults).toEqual({ page: 1, pageSize: 20, sortBy: "due_date", sortOrder: "asc", type: "" });
    expect(paymentsList.href(paymentsList.defaults)).toBe("/outstanding-payments");
    expect(paymentsList.parse({ sort_by: "amount", sort_order: "up", type: "invoice", page: "abc", page_size: "7" })).toEqual(
      paymentsList.defaults,
    );
    expect(paymentsList.href(paymentsList.parse({ sort_by: "invoice_period", type: "refund" }))).toBe(
      "/outstanding-payments?sort_by=invoice_period&type=refund",
    );
    expect(paymentsList.href(paymentsList.parse({ sort_by: "due_date", sort_order: "asc" }))).toBe("/outstanding-payments");
  });

  it("sorts by a column, flips on a second click, and goes back to page 1", () => {
    const s = { ...paymentsList.defaults, page: 3 };
    const sortBy = (state: PaymentListState, column: PaymentListState["sortBy"]) => paymentsList.update(state, toggleSort(state, column));
    expect(sortBy(s, "invoice_period")).toMatchObject({ sortBy: "invoice_period", sortOrder: "asc", page: 1 });
    expect(sortBy(s, "due_date")).toMatchObject({ sortBy: "due_date", sortOrder: "desc", page: 1 });
    expect(sortBy(sortBy(s, "due_date"), "due_date")).toMatchObject({ sortOrder: "asc" });
    expect(paymentsList.update(s, { type: "payment" }).page).toBe(1);
    expect(paymentsList.update(s, { type: "" }).page).toBe(3);
  });

  it("sends a sort other than the API's default, and the type, to the API", () => {
    expect(paymentsList.toApiQuery(paymentsList.defaults)).toEqual({ page: 1, page_size: 20 });
    const q = paymentsList.toApiQuery({ ...paymentsList.defaults, sortBy: "invoice_period", sortOrder: "desc", type: "refund" });
    expect(paymentsList.apiSearch(q)).toBe("page=1&page_size=20&sort_by=invoice_period&sort_order=desc&type=refund");
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
