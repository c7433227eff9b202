import { describe, expect, it } from "vitest";
import type { EmploymentListItem, EmploymentStatus } from "@/lib/contract";
import { employmentChoices, writeAvailability, type PeopleOpsArea } from "./eligibility";
import { operationDetails } from "@/lib/console/errors/operations";
import { fieldByPrefix, splitFieldErrors } from "@/lib/console/errors/split-422";

const employment = (status: EmploymentStatus, patch: Partial<EmploymentListItem> = {}) =>
  ({
    id: status,
    full_name: `Person ${status}`,
    job_title: null,
    country: null,
    status,
    type: "employee",
    employment_model: "eor",
    ...patch,
  }) as EmploymentListItem;

const ok = (area: PeopleOpsArea, e: EmploymentListItem) => writeAvailability(area, e).available;

describe("which employments accept people-ops records", () => {
  it("follows the API's status rules per area", () => {
    expect(["active", "offboarding", "invited", "archived"].map((s) => ok("timeoff", employment(s as EmploymentStatus)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(["active", "offboarding", "pending"].map((s) => ok("expenses", employment(s as EmploymentStatus)))).toEqual([true, true, false]);
    expect(["active", "invited", "created", "archived", "deleted"].map((s) => ok("incentives", employment(s as EmploymentStatus)))).toEqual(
      [true, true, true, false, false],
    );
    expect(["active", "offboarding"].map((s) => ok("offboardings", employment(s as EmploymentStatus)))).toEqual([true, false]);
  });

  it("refuses list-only types and models first, with the reason a reader recognises", () => {
    expect(writeAvailability("timeoff", employment("active", { type: "contractor" }))).toEqual({
      available: false,
      reason: expect.stringMatching(/contractor/),
    });
    expect(writeAvailability("incentives", employment("active", { employment_model: "peo" }))).toEqual({
      available: false,
      reason: expect.stringMatching(/PEO|peo/),
    });
    expect(writeAvailability("offboardings", employment("offboarding"))).toEqual({
      available: false,
      reason: expect.stringMatching(/only for active employments; this one is offboarding/),
    });
  });

  it("offers the eligible employments by name and counts the others", () => {
    const { options, excluded } = employmentChoices("offboardings", [
      employment("active", { full_name: "Zoe" }),
      employment("archived"),
      employment("active", { id: "b", full_name: "Ann" }),
    ]);
    expect(options.map((o) => o.label)).toEqual(["Ann", "Zoe"]);
    expect(excluded).toBe(1);
  });
});

describe("people-ops errors", () => {
  it("names the missing permission of a 403", () => {
    const forbidden = { kind: "forbidden" as const, status: 403, message: "Insufficient scope", requestId: "r" };
    expect(operationDetails(forbidden, "expenses.write")).toEqual([expect.stringMatching(/expense:write scope/)]);
    expect(operationDetails(forbidden, "timeoff.read")).toEqual([expect.stringMatching(/timeoff:read/)]);
    expect(operationDetails({ ...forbidden, kind: "conflict", status: 409 }, "incentives.write")).toEqual([]);
  });

  it("maps 422 keys onto fields by their first segment", () => {
    const fieldOf = fieldByPrefix(["amount", "receipts"] as const);
    expect(
      splitFieldErrors({ "receipts.1": ["is not a receipt"], "body.amount": ["must be greater than 0"], currency: ["unknown"] }, fieldOf),
    ).toEqual({
      byField: { receipts: "is not a receipt", amount: "must be greater than 0" },
      other: ["currency: unknown"],
    });
  });
});
