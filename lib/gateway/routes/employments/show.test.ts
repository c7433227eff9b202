import { beforeAll, describe, expect, it } from "vitest";
import { EmploymentResponseSchema, ONBOARDING_TASK_KEYS } from "@/lib/contract";
import { employmentFiles } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeAll(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

describe("GET /v1/employments/{id}", () => {
  it("answers the full record of spec 2.1 with every required field present", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, {
      onboardingTasks: { ...Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, "pending"])), contract_details: "completed" },
      contractDetails: { annual_gross_salary: 3000000 },
    });
    await gw.deps.db.insert(employmentFiles).values({
      id: "6f1c1c56-0000-4000-8000-000000000001",
      employmentId: e.id,
      companyId: t.company.id,
      name: "contract.pdf",
      type: "contract",
      subType: null,
      contentType: "application/pdf",
      content: new Uint8Array([37, 80, 68, 70]),
      insertedAt: new Date("2026-01-02T03:04:05Z"),
    });
    const res = await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.onboardingManager });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { data: { employment: Record<string, unknown> } };
    const emp = EmploymentResponseSchema.parse(json).data.employment;
    const required = [
      "id",
      "company_id",
      "type",
      "employment_model",
      "status",
      "employment_lifecycle_stage",
      "full_name",
      "job_title",
      "personal_email",
      "login_email",
      "work_email",
      "manager_email",
      "manager_employment_id",
      "eligible_for_onboarding_cancellation",
      "created_at",
      "updated_at",
      "country",
      "onboarding_tasks",
      "pricing_plan_details",
      "files",
      "personal_details",
      "address_details",
      "work_address_details",
      "billing_address_details",
      "administrative_details",
      "contract_details",
      "emergency_contact_details",
      "bank_account_details",
    ];
    for (const k of required) expect(json.data.employment, k).toHaveProperty(k);
    expect(Object.keys(emp.onboarding_tasks).sort()).toEqual([...ONBOARDING_TASK_KEYS].sort());
    expect(emp.onboarding_tasks.contract_details).toEqual({ status: "completed", description: expect.any(String) });
    expect(emp.onboarding_tasks.personal_details.status).toBe("pending");
    expect(emp.files).toEqual([
      {
        id: "6f1c1c56-0000-4000-8000-000000000001",
        name: "contract.pdf",
        type: "contract",
        sub_type: null,
        inserted_at: "2026-01-02T03:04:05Z",
      },
    ]);
    expect(emp.personal_details).toEqual({});
    expect(emp.bank_account_details).toEqual([]);
    expect(emp.contract_details).toEqual({ annual_gross_salary: 3000000 });
    expect(emp.created_at).toMatch(/Z$/);
    expect(emp).not.toHaveProperty("contractor_type");
    // Neither user_id nor manager_id (the provider's Employment has neither).
    expect(json.data.employment).not.toHaveProperty("user_id");
    expect(json.data.employment).not.toHaveProperty("manager_id");
    // Optional strings are omitted when unset, never null (the provider's Employment).
    for (const [k, v] of Object.entries(json.data.employment)) {
      if (
        ["manager", "external_id", "seniority_date", "probation_period_end_date", "active_contract_id", "provisional_start_date"].includes(
          k,
        )
      )
        expect(v, k).not.toBeNull();
    }
    // exclude_files=true (the provider's query) answers no files.
    const light = await gw.call("GET", `/v1/employments/${e.id}?exclude_files=true`, { token: t.tokens.onboardingManager });
    expect(EmploymentResponseSchema.parse(await light.json()).data.employment.files).toEqual([]);
  });

  it("contractors carry contractor type, settings and rate", async () => {
    const rate = { amount: { amount: 55.5, currency: { code: "EUR" } }, pay_frequency: "monthly", slug: "rate-1", type: "hourly" };
    const e = await makeEmployment(gw.deps.db, t.company.id, {
      type: "contractor",
      employmentModel: null,
      contractorType: "plus",
      contractorSettings: { requires_work_confirmation: true },
      contractorRate: rate,
    });
    const res = await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin });
    const emp = EmploymentResponseSchema.parse(await res.json()).data.employment;
    expect(emp.contractor_type).toBe("plus");
    expect(emp.contractor_settings).toEqual({ requires_work_confirmation: true });
    expect(emp.contractor_rate).toEqual(rate);
    expect(emp.employment_model).toBeNull();
  });

  it("an active employment is not eligible for onboarding cancellation", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { status: "active" });
    const emp = EmploymentResponseSchema.parse(await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).json())
      .data.employment;
    expect(emp.eligible_for_onboarding_cancellation).toBe(false);
  });

  it("deleted, unknown and malformed ids are 404", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { status: "deleted" });
    for (const id of [e.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await gw.call("GET", `/v1/employments/${id}`, { token: t.tokens.admin });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Employment not found" });
    }
  });
});
