import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { EmploymentCreationResponseSchema, EmploymentResponseSchema } from "@/lib/contract";
import { outboxEvents } from "../../db/schema";
import { exampleSection } from "../../forms";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeDepartment, makeTenant } from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

const basic = (code = "PRT", over: Record<string, unknown> = {}) => ({
  ...exampleSection(code, "employment_basic_information", 0),
  ...over,
});

describe("POST /v1/employments", () => {
  it("creates an employment from a valid basic information form (200, the provider's EmploymentBasicResponse)", async () => {
    const dept = await makeDepartment(gw.deps.db, t.company.id, "Product");
    const res = await gw.call("POST", "/v1/employments", {
      token: t.tokens.admin,
      body: {
        country_code: "PRT",
        type: "employee",
        external_id: "EXT-1",
        basic_information: basic("PRT", { manager: { id: t.peopleManager.id }, department: { id: dept.id } }),
      },
    });
    expect(res.status).toBe(200);
    const created = EmploymentCreationResponseSchema.parse(await res.json()).data.employment;
    const bi = basic();
    expect(created).toMatchObject({
      company_id: t.company.id,
      country_code: "PRT",
      type: "employee",
      employment_lifecycle_stage: "employment_creation",
      full_name: bi.name,
      personal_email: bi.email,
      login_email: bi.email,
      job_title: bi.job_title,
      provisional_start_date: bi.provisional_start_date,
    });
    const emp = EmploymentResponseSchema.parse(
      await (await gw.call("GET", `/v1/employments/${created.id}`, { token: t.tokens.admin })).json(),
    ).data.employment;
    expect(emp).toMatchObject({
      company_id: t.company.id,
      type: "employee",
      employment_model: "eor",
      status: "created",
      employment_lifecycle_stage: "employment_creation",
      full_name: bi.name,
      personal_email: bi.email,
      login_email: bi.email,
      job_title: bi.job_title,
      provisional_start_date: bi.provisional_start_date,
      external_id: "EXT-1",
      manager_email: t.peopleManager.email,
      department: "Product",
      pricing_plan_details: { frequency: "monthly" },
      country: { code: "PRT", alpha_2_code: "PT", name: "Portugal" },
    });
    expect(Object.values(emp.onboarding_tasks).every((task) => task.status === "pending")).toBe(true);
    const list = await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
    expect(((await list.json()) as { data: { total_count: number } }).data.total_count).toBe(1);
    const events = await gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, "employment.details.updated"));
    expect(events).toHaveLength(1);
  });

  it.each(["PRT", "DEU", "FRA", "GBR", "ESP", "NLD", "USA", "BRA"])("accepts the example basic information of %s", async (code) => {
    const res = await gw.call("POST", "/v1/employments", {
      token: t.tokens.owner,
      body: { country_code: code, basic_information: basic(code) },
    });
    expect(res.status).toBe(200);
  });

  it("accepts the provider's EmploymentCreateParams; a company_id other than the token's is a 422", async () => {
    const body = {
      country_code: "PRT",
      basic_information: basic(),
      company_id: t.company.id,
      bill_to_legal_entity_id: "le-1",
      engaged_by_entity_slug: "entity",
      engaged_by_legal_entity_id: "le-1",
    };
    expect((await gw.call("POST", "/v1/employments", { token: t.tokens.admin, body })).status).toBe(200);
    const other = await gw.call("POST", "/v1/employments", {
      token: t.tokens.admin,
      body: { ...body, company_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ errors: { company_id: ["must be the token's company"] } });
  });

  it("answers 422 with the form's field errors, prefixed by the section", async () => {
    const { email: _drop, ...noEmail } = basic();
    const res = await gw.call("POST", "/v1/employments", {
      token: t.tokens.admin,
      body: { country_code: "PRT", basic_information: { ...noEmail, has_seniority_date: "no", seniority_date: "2020-01-01" } },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors["basic_information.email"]).toBeDefined();
    expect(body.errors["basic_information.seniority_date"]).toEqual(["is not allowed"]);
  });

  it("refuses a manager without a manager role and a department of another company", async () => {
    const other = await makeTenant(gw.deps.db, "sandbox");
    const foreign = await makeDepartment(gw.deps.db, other.company.id);
    const res = await gw.call("POST", "/v1/employments", {
      token: t.tokens.admin,
      body: {
        country_code: "PRT",
        basic_information: basic("PRT", { manager: { id: t.onboardingManager.id }, department: { id: foreign.id } }),
      },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        "basic_information.manager.id": ["must be a user with role admin, owner or people_manager"],
        "basic_information.department.id": ["must be a department of the employment's company"],
      },
    });
  });

  it("unknown or alpha-2 country codes are 404 Country not found", async () => {
    for (const code of ["XXX", "PT"]) {
      const res = await gw.call("POST", "/v1/employments", {
        token: t.tokens.admin,
        body: { country_code: code, basic_information: basic() },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Country not found" });
    }
  });

  it("types and models with only list and show cannot be created (422 ActionError)", async () => {
    for (const body of [{ type: "contractor" }, { type: "direct_employee" }, { employment_model: "peo" }]) {
      const res = await gw.call("POST", "/v1/employments", {
        token: t.tokens.admin,
        body: { country_code: "PRT", basic_information: basic(), ...body },
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: { code: "operation_not_available", action: "create_employment" } });
    }
  });

  it("400 for unknown properties or a missing body; 409 for an inactive company; 403 for read-only roles", async () => {
    expect(
      (
        await gw.call("POST", "/v1/employments", {
          token: t.tokens.admin,
          body: { country_code: "PRT", basic_information: basic(), salary: 1 },
        })
      ).status,
    ).toBe(400);
    expect((await gw.call("POST", "/v1/employments", { token: t.tokens.admin })).status).toBe(400);
    expect(
      (
        await gw.call("POST", "/v1/employments", {
          token: t.tokens.onboardingManager,
          body: { country_code: "PRT", basic_information: basic() },
        })
      ).status,
    ).toBe(403);
    const inactive = await makeTenant(gw.deps.db, "sandbox", { status: "archived" });
    const res = await gw.call("POST", "/v1/employments", {
      token: inactive.tokens.admin,
      body: { country_code: "PRT", basic_information: basic() },
    });
    expect(res.status).toBe(409);
  });
});
