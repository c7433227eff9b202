import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { EmploymentResponseSchema, ONBOARDING_TASK_KEYS, WebhookPayloadSchemas } from "@/lib/contract";
import { employmentFiles, outboxEvents } from "../../db/schema";
import { exampleSection } from "../../forms";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeDepartment, makeEmployment, makeTenant } from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

const patch = (id: string, body: unknown, token = t.tokens.admin) => gw.call("PATCH", `/v1/employments/${id}`, { token, body });
const eventsOf = async (type: string) => gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, type));

describe("PATCH/PUT /v1/employments/{id}", () => {
  it("validates a section against the country's form and completes its onboarding task", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const res = await patch(e.id, { contract_details: exampleSection("PRT", "contract_details", 1) });
    expect(res.status).toBe(200);
    const emp = EmploymentResponseSchema.parse(await res.json()).data.employment;
    expect(emp.contract_details).toEqual(exampleSection("PRT", "contract_details", 1));
    expect(emp.onboarding_tasks.contract_details.status).toBe("completed");
    expect(emp.onboarding_tasks.personal_details.status).toBe("pending");
    const events = await eventsOf("employment.onboarding_task.completed");
    expect(events.map((r) => r.payload)).toEqual([
      {
        event_type: "employment.onboarding_task.completed",
        employment_id: e.id,
        company_id: t.company.id,
        onboarding_task: "contract_details",
      },
    ]);
  });

  it("completing the contract details makes the employment agreement available: a file and its event, once", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const res = await patch(e.id, { contract_details: exampleSection("PRT", "contract_details", 0) });
    expect(res.status).toBe(200);
    const emp = EmploymentResponseSchema.parse(await res.json()).data.employment;
    expect(emp.files).toHaveLength(1);
    const file = emp.files[0]!;
    expect(file).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "employment-agreement.pdf",
      type: "contract",
      sub_type: "employment_agreement",
      inserted_at: gw.clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z"),
    });
    // Spec 6.1: exactly event_type, employment_id, company_id, file_id, and valid against lib/contract.
    const events = await eventsOf("employment.employment_agreement.available");
    expect(events.map((r) => r.payload)).toEqual([
      { event_type: "employment.employment_agreement.available", employment_id: e.id, company_id: t.company.id, file_id: file.id },
    ]);
    expect(WebhookPayloadSchemas["employment.employment_agreement.available"].safeParse(events[0]!.payload).success).toBe(true);
    // The file is the employment's, as GET /v1/employments/{id} shows it, and a real PDF.
    const shown = EmploymentResponseSchema.parse(await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).json())
      .data.employment;
    expect(shown.files).toEqual([file]);
    const [stored] = await gw.deps.db.select().from(employmentFiles).where(eq(employmentFiles.id, file.id));
    expect(stored).toMatchObject({ employmentId: e.id, companyId: t.company.id, contentType: "application/pdf" });
    expect(Buffer.from(stored!.content!).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Submitting the contract details again changes the section, not the agreement.
    gw.clock.advance(60_000);
    const again = await patch(e.id, { contract_details: exampleSection("PRT", "contract_details", 1) });
    expect(again.status).toBe(200);
    expect(EmploymentResponseSchema.parse(await again.json()).data.employment.files).toEqual([file]);
    expect(await eventsOf("employment.employment_agreement.available")).toHaveLength(1);
  });

  it("no agreement for other sections, a refused contract section, or an employment that already has one", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    expect((await patch(e.id, { personal_details: exampleSection("PRT", "personal_details", 0) })).status).toBe(200);
    expect(
      (await patch(e.id, { contract_details: { ...exampleSection("PRT", "contract_details", 0), annual_gross_salary: 1 } })).status,
    ).toBe(422);
    const signed = await makeEmployment(gw.deps.db, t.company.id);
    await gw.deps.db.insert(employmentFiles).values({
      id: crypto.randomUUID(),
      employmentId: signed.id,
      companyId: t.company.id,
      name: "employment-agreement.pdf",
      type: "contract",
      subType: "employment_agreement",
      contentType: "application/pdf",
      insertedAt: gw.clock.now(),
    });
    expect((await patch(signed.id, { contract_details: exampleSection("PRT", "contract_details", 0) })).status).toBe(200);
    expect(await eventsOf("employment.employment_agreement.available")).toEqual([]);
    expect(await gw.deps.db.select().from(employmentFiles).where(eq(employmentFiles.employmentId, e.id))).toEqual([]);
    expect(await gw.deps.db.select().from(employmentFiles).where(eq(employmentFiles.employmentId, signed.id))).toHaveLength(1);
  });

  it("rejects a section that breaks the form: conditionals, forbidden fields, JSON Logic, minimums", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const partTime = { ...exampleSection("PRT", "contract_details", 1) };
    delete partTime.work_hours_per_week;
    const res = await patch(e.id, { contract_details: { ...partTime, annual_gross_salary: 100, has_bonus: "no" } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(["contract_details.work_hours_per_week", "contract_details.bonus_amount"]),
    );
    expect(body.errors["contract_details.bonus_amount"]).toEqual(["is not allowed"]);
    const after = EmploymentResponseSchema.parse(await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).json());
    expect(after.data.employment.contract_details).toEqual({});
    expect(await eventsOf("employment.onboarding_task.completed")).toHaveLength(0);
  });

  it("filling every section completes onboarding and emits employment.onboarding.completed once", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const body = Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, exampleSection("PRT", k, 0)]));
    const res = await gw.call("PUT", `/v1/employments/${e.id}`, { token: t.tokens.admin, body });
    expect(res.status).toBe(200);
    const emp = EmploymentResponseSchema.parse(await res.json()).data.employment;
    expect(Object.values(emp.onboarding_tasks).every((x) => x.status === "completed")).toBe(true);
    expect(emp.bank_account_details).toHaveLength(1);
    expect(await eventsOf("employment.onboarding_task.completed")).toHaveLength(9);
    expect(await eventsOf("employment.onboarding.completed")).toHaveLength(1);
    expect(await eventsOf("employment.personal_information.updated")).toHaveLength(1);
    const admin = await eventsOf("employment.administrative_details.updated");
    expect(admin.map((r) => r.payload)).toEqual([
      { event_type: "employment.administrative_details.updated", employment_slug: e.id, company_id: t.company.id },
    ]);
    await patch(e.id, { personal_details: exampleSection("PRT", "personal_details", 1) });
    expect(await eventsOf("employment.onboarding.completed")).toHaveLength(1);
  });

  it("basic information updates the record's name, job title and manager", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const bi: Record<string, unknown> = {
      ...exampleSection("PRT", "employment_basic_information", 0),
      job_title: "Staff Engineer",
      manager: { id: t.owner.id },
    };
    const res = await patch(e.id, { basic_information: bi });
    expect(res.status).toBe(200);
    const emp = EmploymentResponseSchema.parse(await res.json()).data.employment;
    expect(emp).toMatchObject({ full_name: bi.name, job_title: "Staff Engineer", manager_email: t.owner.email });
    expect(await eventsOf("employment.details.updated")).toHaveLength(1);
  });

  it("an active employment accepts only manager_id, address_details and emergency_contact_details", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { status: "active" });
    expect((await patch(e.id, { address_details: exampleSection("PRT", "address_details", 0), manager_id: t.admin.id })).status).toBe(200);
    const res = await patch(e.id, {
      contract_details: exampleSection("PRT", "contract_details", 0),
      personal_details: exampleSection("PRT", "personal_details", 0),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: { code: string; param: string }[] };
    expect(body.message.map((m) => [m.code, m.param])).toEqual([
      ["not_updatable_when_active", "personal_details"],
      ["not_updatable_when_active", "contract_details"],
    ]);
  });

  it("accepts the provider's EmploymentFullParams: department_id and work_email applied, identifying fields checked", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const dept = await makeDepartment(gw.deps.db, t.company.id, "Ops");
    const res = await patch(e.id, {
      department_id: dept.id,
      work_email: "new@work.example",
      company_id: t.company.id,
      country_code: "PRT",
      country: { code: "PRT", alpha_2_code: "PT", name: "Portugal" },
      type: "employee",
    });
    expect(res.status).toBe(200);
    expect(EmploymentResponseSchema.parse(await res.json()).data.employment).toMatchObject({
      department_id: dept.id,
      department: "Ops",
      work_email: "new@work.example",
    });
    const moved = await patch(e.id, { company_id: "00000000-0000-4000-8000-000000000000", country_code: "DEU", type: "contractor" });
    expect(moved.status).toBe(422);
    expect(await moved.json()).toEqual({
      errors: {
        company_id: ["must be the employment's company"],
        country_code: ["cannot be changed"],
        type: ["cannot be changed"],
      },
    });
  });

  it("archived employments cannot be updated; contractors only listed and shown", async () => {
    const archived = await makeEmployment(gw.deps.db, t.company.id, { status: "archived" });
    const a = await patch(archived.id, { address_details: exampleSection("PRT", "address_details", 0) });
    expect(a.status).toBe(422);
    expect(await a.json()).toMatchObject({ message: { code: "employment_not_editable" } });
    const contractor = await makeEmployment(gw.deps.db, t.company.id, { type: "contractor" });
    expect((await patch(contractor.id, { address_details: {} })).status).toBe(422);
  });

  it("a section the country does not serve, or an unknown property, is refused", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    expect((await patch(e.id, { salary: 1 })).status).toBe(400);
    const other = await makeTenant(gw.deps.db, "sandbox");
    expect((await patch(e.id, { address_details: {} }, other.tokens.admin)).status).toBe(404);
  });
});
