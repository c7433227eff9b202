import { describe, expect, it } from "vitest";
import { EMPLOYMENT_MODELS, EMPLOYMENT_TYPES, ONBOARDING_TASK_KEYS } from "@/lib/contract";
import { readOnlyReason, taskAction, updateAvailability } from "./availability";
import { makeEmployment } from "@/test-support/console/employment-fixtures";

describe("operation availability (spec section 1)", () => {
  it("offers every operation only to employees of the EOR model (or without a model)", () => {
    for (const type of EMPLOYMENT_TYPES) {
      for (const model of [...EMPLOYMENT_MODELS, null]) {
        const available = type === "employee" && (model === "eor" || model === null);
        expect(updateAvailability({ type, employment_model: model }).available, `${type}/${model}`).toBe(available);
      }
    }
  });

  it("names the type or the model in the reason", () => {
    expect(readOnlyReason({ type: "contractor", employment_model: null })).toMatch(/^Contractor employments can only be listed and viewed/);
    expect(readOnlyReason({ type: "direct_employee", employment_model: "eor" })).toMatch(/direct_employee type/);
    expect(readOnlyReason({ type: "employee", employment_model: "peo" })).toMatch(/PEO model/);
    expect(readOnlyReason({ type: "employee", employment_model: "global_payroll" })).toMatch(/global_payroll model/);
    expect(readOnlyReason({ type: "employee", employment_model: "eor" })).toBeNull();
  });
});

describe("onboarding task actions", () => {
  it("links a pending task to its country form", () => {
    const e = makeEmployment();
    expect(taskAction(e, "contract_details")).toEqual({
      kind: "form",
      href: `/employments/${e.id}/forms/contract_details`,
      label: "Complete contract details",
    });
  });

  it("reopens a completed task through its form while the API still accepts the section", () => {
    const e = makeEmployment();
    expect(e.onboarding_tasks.personal_details.status).toBe("completed");
    expect(taskAction(e, "personal_details")).toEqual({
      kind: "form",
      href: `/employments/${e.id}/forms/personal_details`,
      label: "Edit personal details",
    });
  });

  it("offers nothing on a completed task the API no longer lets change, and no reason to read", () => {
    const e = makeEmployment({ status: "active" });
    expect(e.onboarding_tasks.personal_details.status).toBe("completed");
    expect(taskAction(e, "personal_details")).toEqual({ kind: "done" });
    expect(taskAction(makeEmployment({ status: "archived" }), "personal_details")).toEqual({ kind: "done" });
  });

  it("maps each task to the section of the same name", () => {
    const e = makeEmployment();
    expect(taskAction(e, "pricing_plan_details")).toMatchObject({ href: `/employments/${e.id}/forms/pricing_plan_details` });
    expect(taskAction(e, "employment_document_details")).toMatchObject({ href: `/employments/${e.id}/forms/employment_document_details` });
  });

  it("explains why a pending task can't be completed", () => {
    expect(taskAction(makeEmployment({ type: "contractor", employment_model: null }), "contract_details")).toMatchObject({
      kind: "unavailable",
      reason: expect.stringMatching(/Contractor employments can only be listed/),
    });
    expect(taskAction(makeEmployment({ status: "archived" }), "contract_details")).toMatchObject({
      kind: "unavailable",
      reason: expect.stringMatching(/Archived/),
    });
    expect(taskAction(makeEmployment({ country: null }), "contract_details")).toMatchObject({
      kind: "unavailable",
      reason: expect.stringMatching(/no country/),
    });
  });

  it("keeps only address and emergency contact open once active", () => {
    const pending = Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, { description: k, status: "pending" as const }]));
    const e = makeEmployment({ status: "active", onboarding_tasks: pending as ReturnType<typeof makeEmployment>["onboarding_tasks"] });
    expect(taskAction(e, "address_details").kind).toBe("form");
    expect(taskAction(e, "emergency_contact_details").kind).toBe("form");
    expect(taskAction(e, "contract_details")).toMatchObject({ kind: "unavailable", reason: expect.stringMatching(/active/) });
  });
});
