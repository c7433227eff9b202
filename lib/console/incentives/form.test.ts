import { describe, expect, it } from "vitest";
import type { Incentive } from "@/lib/contract";
import {
  IncentiveFormSchema,
  incentiveToFormValues,
  recurrenceHint,
  RecurringIncentiveFormSchema,
  recurringFormDefaults,
  toCreateIncentiveBody,
  toCreateRecurringBody,
  toUpdateIncentiveBody,
} from "./form";
import { deleteAvailability, editAvailability, sandboxNextStatuses } from "./rules";

const incentive: Incentive = {
  id: "7c0d4de7-1843-4d27-94ed-d1658242e9e4",
  employment_id: "0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11",
  type: "bonus",
  status: "pending",
  amount: 50025,
  amount_tax_type: "gross",
  effective_date: "2026-01-15",
  expected_payout_date: "2026-01-31",
  note: null,
  recurring_incentive_id: null,
};

describe("incentive rules", () => {
  it("edits and deletes pending incentives only, saying why not", () => {
    expect(editAvailability(incentive)).toEqual({ available: true });
    expect(deleteAvailability({ status: "paid" })).toEqual({ available: false, reason: expect.stringMatching(/paid with payroll/) });
    expect(editAvailability({ status: "processing" })).toEqual({ available: false, reason: expect.stringMatching(/processing/) });
  });

  it("offers the sandbox's payroll moves", () => {
    expect(sandboxNextStatuses("pending")).toEqual(["processing", "paid"]);
    expect(sandboxNextStatuses("processing")).toEqual(["paid"]);
    expect(sandboxNextStatuses("paid")).toEqual([]);
  });
});

describe("incentive forms", () => {
  it("creates with minor units and a null note when empty", () => {
    expect(toCreateIncentiveBody({ ...incentiveToFormValues(incentive), amount: "1,000.5", effective_date: "2026-12-01" })).toEqual({
      employment_id: incentive.employment_id,
      type: "bonus",
      amount: 100050,
      amount_tax_type: "gross",
      effective_date: "2026-12-01",
      note: null,
    });
  });

  it("edits with the changed fields only (an unchanged past date is not sent again)", () => {
    const before = incentiveToFormValues(incentive);
    expect(before.amount).toBe("500.25");
    expect(toUpdateIncentiveBody(before, before)).toBeNull();
    expect(toUpdateIncentiveBody({ ...before, amount: "600", note: "Q1" }, before)).toEqual({ amount: 60000, note: "Q1" });
    expect(toUpdateIncentiveBody({ ...before, amount: " 500.25 " }, before)).toBeNull();
  });

  it("creates a recurring incentive, open-ended unless a number of months is given", () => {
    const v = {
      ...recurringFormDefaults(incentive.employment_id),
      type: "meal_allowance" as const,
      amount: "70",
      effective_date: "2026-12-31",
    };
    expect(toCreateRecurringBody(v)).toEqual({
      employment_id: incentive.employment_id,
      type: "meal_allowance",
      amount: 7000,
      amount_tax_type: "gross",
      effective_date: "2026-12-31",
      note: null,
    });
    expect(toCreateRecurringBody({ ...v, duration_in_months: "12" })).toMatchObject({ duration_in_months: 12 });
    expect(RecurringIncentiveFormSchema.safeParse({ ...v, duration_in_months: "121" }).success).toBe(false);
    expect(RecurringIncentiveFormSchema.safeParse({ ...v, type: "signing_bonus" }).success).toBe(false);
    expect(IncentiveFormSchema.safeParse({ ...incentiveToFormValues(incentive), type: "signing_bonus" }).success).toBe(true);
  });

  it("explains when a recurrence pays", () => {
    expect(recurrenceHint("2026-12-31", "")).toBe("Paid on the last day of every month, until it is deleted, starting 2026-12-31.");
    expect(recurrenceHint("2026-12-05", "3")).toBe("Paid on day 5 of every month, 3 times, starting 2026-12-05.");
    expect(recurrenceHint("", "3")).toBeNull();
  });
});
