import { beforeEach, describe, expect, it } from "vitest";
import { DepartmentListResponseSchema, DepartmentResponseSchema } from "@/lib/contract";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken, makeDepartment, makeTenant } from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
let other: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  other = await makeTenant(gw.deps.db, "sandbox");
});

describe("company departments", () => {
  it("lists the company's departments, paginated, sorted by name", async () => {
    for (const n of ["Sales", "Engineering", "Ops"]) await makeDepartment(gw.deps.db, t.company.id, n);
    await makeDepartment(gw.deps.db, other.company.id, "Other");
    const res = await gw.call("GET", `/v1/company-departments?company_id=${t.company.id}&page_size=2`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    const body = DepartmentListResponseSchema.parse(await res.json());
    expect(body.data.company_departments.map((d) => d.name)).toEqual(["Engineering", "Ops"]);
    // Pagination beside `data`, as the provider's ListCompanyDepartmentsPaginatedResponse.
    expect(body).toMatchObject({ current_page: 1, total_count: 3, total_pages: 2 });
    const noQuery = DepartmentListResponseSchema.parse(
      await (await gw.call("GET", "/v1/company-departments", { token: t.tokens.admin })).json(),
    );
    expect(noQuery.total_count).toBe(3);
    const all = DepartmentListResponseSchema.parse(
      await (await gw.call("GET", "/v1/company-departments?paginate=false&page_size=1", { token: t.tokens.admin })).json(),
    );
    expect(all).toMatchObject({ current_page: 1, total_count: 3, total_pages: 1 });
    expect(all.data.company_departments).toHaveLength(3);
  });

  it("another company's id is a 404", async () => {
    const res = await gw.call("GET", `/v1/company-departments?company_id=${other.company.id}`, { token: t.tokens.admin });
    expect(res.status).toBe(404);
  });

  it("creates a department (201), refuses blank and duplicate names (422)", async () => {
    const res = await gw.call("POST", "/v1/company-departments", {
      token: t.tokens.admin,
      body: { company_id: t.company.id, name: "People" },
    });
    expect(res.status).toBe(201);
    const created = DepartmentResponseSchema.parse(await res.json());
    expect(created.company_department).toMatchObject({ name: "People", company_id: t.company.id });
    const dup = await gw.call("POST", "/v1/company-departments", { token: t.tokens.admin, body: { name: "people" } });
    expect(dup.status).toBe(422);
    expect(await dup.json()).toEqual({ errors: { name: ["has already been taken"] } });
    const blank = await gw.call("POST", "/v1/company-departments", { token: t.tokens.admin, body: { name: "  " } });
    expect(blank.status).toBe(422);
    expect(await blank.json()).toEqual({ errors: { name: ["can't be blank"] } });
  });

  it("scopes and roles: read needs company_department:read, write needs :write and a writing role", async () => {
    const noScope = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["employment:read"]);
    expect((await gw.call("GET", "/v1/company-departments", { token: noScope })).status).toBe(403);
    expect((await gw.call("POST", "/v1/company-departments", { token: t.tokens.onboardingManager, body: { name: "X" } })).status).toBe(403);
    const other404 = await gw.call("POST", "/v1/company-departments", {
      token: t.tokens.admin,
      body: { company_id: other.company.id, name: "X" },
    });
    expect(other404.status).toBe(404);
  });
});
