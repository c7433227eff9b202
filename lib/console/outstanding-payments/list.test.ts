import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { totalsByCurrency } from "./labels";
import { toggleSort } from "@/lib/console/list";
import { PAYMENT_SORT_KEYS, paymentsList, type PaymentListState, type PaymentSortBy } from "./list";

const stateArb: fc.Arbitrary<PaymentListState> = fc.record({
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.constantFrom(10, 20, 50, 100),
  sort: fc.constantFrom<string>(...PAYMENT_SORT_KEYS),
  order: fc.constantFrom("asc" as const, "desc" as const),
  type: fc.constantFrom("" as const, "payment" as const, "refund" as const),
  hide: fc.subarray(["period", "type", "description", "amount", "issued", "due", "status"]),
});
const query = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");

describe("outstanding payments list URL state", () => {
  it("round-trips every state and gives it one URL", () => {
    fc.assert(fc.property(stateArb, (s) => void expect(paymentsList.parse(query(paymentsList.href(s)))).toEqual(s)));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("page", "page_size", "sort_by", "sort_order", "type", "hide"), fc.string()), (raw) => {
        const once = paymentsList.href(paymentsList.parse(raw));
        expect(paymentsList.href(paymentsList.parse(query(once)))).toBe(once);
      }),
    );
  });

  it("defaults to due date ascending and drops unknown values", () => {
    expect(paymentsList.defaults).toEqual({ page: 1, pageSize: 20, sort: "due_date", order: "asc", type: "", hide: [] });
    expect(paymentsList.href(paymentsList.defaults)).toBe("/outstanding-payments");
    expect(paymentsList.parse({ sort_by: "bogus", sort_order: "up", type: "invoice", page: "abc", page_size: "7" })).toEqual(
      paymentsList.defaults,
    );
    expect(paymentsList.href(paymentsList.parse({ sort_by: "invoice_period", type: "refund" }))).toBe(
      "/outstanding-payments?sort_by=invoice_period&type=refund",
    );
    expect(paymentsList.href(paymentsList.parse({ sort_by: "due_date", sort_order: "asc" }))).toBe("/outstanding-payments");
  });

  it("sorts by a column, flips on a second click, and goes back to page 1", () => {
    const s = { ...paymentsList.defaults, page: 3 };
    const sortBy = (state: PaymentListState, column: PaymentSortBy) => paymentsList.update(state, toggleSort(state, column));
    expect(sortBy(s, "invoice_period")).toMatchObject({ sort: "invoice_period", order: "asc", page: 1 });
    expect(sortBy(s, "due_date")).toMatchObject({ sort: "due_date", order: "desc", page: 1 });
    expect(sortBy(sortBy(s, "due_date"), "due_date")).toMatchObject({ order: "asc" });
    expect(sortBy(s, "amount")).toMatchObject({ sort: "amount", order: "asc", page: 1 });
    expect(paymentsList.update(s, { hide: ["status", "type"] })).toMatchObject({ page: 3, hide: ["type", "status"] });
    expect(paymentsList.update(s, { type: "payment" }).page).toBe(1);
    expect(paymentsList.update(s, { type: "" }).page).toBe(3);
  });

  it("sends a sort other than the API's default, and the type, to the API", () => {
    expect(paymentsList.toApiQuery(paymentsList.defaults)).toEqual({ page: 1, page_size: 20 });
    const q = paymentsList.toApiQuery({ ...paymentsList.defaults, sort: "invoice_period", order: "desc", type: "refund" });
    expect(q).toEqual({ page: 1, page_size: 20, sort: "invoice_period", order: "desc", type: "refund" });
    // Only the order differs from the default: both are sent (the BFF reads one sort, not half of one).
    expect(paymentsList.apiSearch(paymentsList.toApiQuery({ ...paymentsList.defaults, order: "desc" }))).toBe(
      "page=1&page_size=20&sort_by=due_date&sort_order=desc",
    );
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
