import { describe, expect, it } from "vitest";
import {
  ExpenseFormSchema,
  expenseFormDefaults,
  splitExpenseFieldErrors,
  toCreateExpenseBody,
  type ExpenseFormValues,
} from "./create-form";
import { ExpenseReviewBodySchema } from "./review-body";
import { reviewAvailability } from "./rules";

const values = (patch: Partial<ExpenseFormValues> = {}): ExpenseFormValues => ({
  ...expenseFormDefaults("0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11"),
  title: " Train to Porto ",
  amount: "42.50",
  tax_amount: "",
  currency: "eur",
  category: "travel",
  expense_date: "2026-03-02",
  ...patch,
});

describe("new expense form", () => {
  it("sends minor units, the currency in capitals, and the receipts as the API expects them", () => {
    expect(toCreateExpenseBody(values({ tax_amount: "7.40", notes: " Return " }), [{ name: "ticket.pdf", content: "JVBERi0=" }])).toEqual({
      employment_id: "0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11",
      title: "Train to Porto",
      amount: 4250,
      tax_amount: 740,
      currency: "EUR",
      category: "travel",
      expense_date: "2026-03-02",
      notes: "Return",
      receipts: [{ name: "ticket.pdf", content: "JVBERi0=" }],
    });
    expect(toCreateExpenseBody(values(), [])).not.toHaveProperty("receipts");
  });

  it("validates amounts, tax and currency as the API does", () => {
    const issues = (v: ExpenseFormValues) =>
      (ExpenseFormSchema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues(values())).toEqual([]);
    expect(issues(values({ amount: "0" }))).toEqual(["amount: must be greater than 0"]);
    expect(issues(values({ amount: "1.234" }))).toEqual(["amount: must be an amount such as 42.50 (at most two decimals)"]);
    expect(issues(values({ tax_amount: "50" }))).toEqual(["tax_amount: must not exceed the amount"]);
    expect(issues(values({ currency: "XXX" }))).toEqual(["currency: is not an ISO 4217 currency code"]);
    expect(issues(values({ category: "" }))).toEqual(["category: choose a category"]);
  });

  it("puts receipt errors on the file input", () => {
    expect(
      splitExpenseFieldErrors({ "receipts.0": ["is not a receipt the API accepts"], receipt: ["too large"], currency: ["has no rate"] })
        .byField,
    ).toEqual({
      receipts: "is not a receipt the API accepts too large",
      currency: "has no rate",
    });
  });
});

describe("expense review", () => {
  it("reviews pending expenses only", () => {
    expect(reviewAvailability({ status: "pending" })).toEqual({ available: true });
    expect(reviewAvailability({ status: "reimbursed" })).toEqual({
      available: false,
      reason: expect.stringMatching(/reimbursed: only pending expenses/),
    });
  });

  it("needs a reason to decline, and lets nothing else through", () => {
    expect(ExpenseReviewBodySchema.safeParse({ status: "approved" }).success).toBe(true);
    expect(ExpenseReviewBodySchema.safeParse({ status: "declined" }).error?.issues[0]?.path).toEqual(["reason"]);
    expect(ExpenseReviewBodySchema.safeParse({ status: "declined", reason: "Not legible" }).success).toBe(true);
    expect(ExpenseReviewBodySchema.safeParse({ status: "approved", amount: 1 }).success).toBe(false);
  });
});
