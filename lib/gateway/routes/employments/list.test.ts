import { beforeAll, describe, expect, it } from "vitest";
import { EmploymentListResponseSchema } from "@/lib/contract";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken, makeDepartment, makeEmployment, makeTenant } from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
let other: Awaited<ReturnType<typeof makeTenant>>;
const statuses = ["created", "invited", "active", "active", "archived"];

beforeAll(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  other = await makeTenant(gw.deps.db, "sandbox");
  const dept = await makeDepartment(gw.deps.db, t.company.id, "Sales");
  for (let i = 0; i < 45; i++) {
    await makeEmployment(gw.deps.db, t.company.id, {
      status: statuses[i % statuses.length]!,
      personalEmail: i === 7 ? "Jane.Doe@Example.test" : `p${i}@example.test`,
      departmentId: i % 2 ? dept.id : null,
      externalId: `EXT-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
  }
  await makeEmployment(gw.deps.db, t.company.id, { status: "deleted", createdAt: new Date(Date.UTC(2026, 0, 2)) });
  await makeEmployment(gw.deps.db, other.company.id, { status: "active" });
});

const list = async (qs: string, token = t.tokens.admin) => {
  const res = await gw.call("GET", `/v1/employments${qs}`, { token });
  return { res, body: res.status === 200 ? EmploymentListResponseSchema.parse(await res.json()) : ((await res.json()) as unknown) };
};

describe("GET /v1/employments", () => {
  it("answers the list envelope, 20 a page by default, reduced items, only the token's company", async () => {
    const { res, body } = await list("");
    expect(res.status).toBe(200);
    const data = (body as ReturnType<typeof EmploymentListResponseSchema.parse>).data;
    expect(data.current_page).toBe(1);
    expect(data.total_count).toBe(45);
    expect(data.total_pages).toBe(3);
    expect(data.employments).toHaveLength(20);
    const item = data.employments[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        "country",
        "department",
        "department_id",
        "employment_lifecycle_stage",
        "employment_model",
        "external_id",
        "full_name",
        "id",
        "job_title",
        "login_email",
        "personal_email",
        "short_id",
        "status",
        "type",
        "work_address_details",
        "work_email",
      ].sort(),
    );
    expect(item).not.toHaveProperty("onboarding_tasks");
  });

  it("pages are stable and disjoint; the last page is short; past the end is empty", async () => {
    const ids = new Set<string>();
    for (const p of [1, 2, 3]) {
      const { body } = await list(`?page=${p}&page_size=20`);
      for (const e of (body as { data: { employments: { id: string }[] } }).data.employments) ids.add(e.id);
    }
    expect(ids.size).toBe(45);
    const { body } = await list("?page=4");
    expect((body as { data: { employments: unknown[]; current_page: number } }).data).toMatchObject({ employments: [], current_page: 4 });
  });

  it("a page reads its rows and total_count in one statement; only a page with no row asks for the total on its own", async () => {
    // docs/decisions/bench-api-scale.md (Follow-up): one statement per list, not rows then total.
    const client = (gw.deps.db as unknown as { $client: Record<string, unknown> }).$client;
    const original = client.query as (...a: unknown[]) => unknown;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const a = args[0];
      statements.push(typeof a === "string" ? a : ((a as { text?: string })?.text ?? ""));
      return original.apply(this, args);
    };
    const listReads = async (qs: string) => {
      const n = statements.length;
      const { res, body } = await list(qs);
      expect(res.status).toBe(200);
      return {
        data: (body as { data: { employments: unknown[]; total_count: number } }).data,
        reads: statements.slice(n).filter((st) => /employment/i.test(st)),
      };
    };
    try {
      // Distinct URLs: each reaches the database even with the answer cache on.
      for (const qs of ["?page=2&page_size=7", "?status=active,invited&page=2&page_size=3", "?email=jane.doe@example.test&page_size=9"]) {
        const { data, reads } = await listReads(qs);
        expect(data.employments.length).toBeGreaterThan(0);
        expect(reads).toHaveLength(1);
      }
      const past = await listReads("?page=40&page_size=7");
      expect(past.data).toMatchObject({ employments: [], total_count: 45 });
      expect(past.reads).toHaveLength(2);
    } finally {
      client.query = original;
    }
  });

  it("filters by several statuses at once (comma-separated)", async () => {
    const { body } = await list("?status=created,archived&page_size=100");
    const data = (body as { data: { employments: { status: string }[]; total_count: number } }).data;
    expect(data.total_count).toBe(18);
    expect(new Set(data.employments.map((e) => e.status))).toEqual(new Set(["created", "archived"]));
    const deleted = await list("?status=deleted");
    expect((deleted.body as { data: { total_count: number } }).data.total_count).toBe(1);
  });

  it("filters by personal email, case-insensitively", async () => {
    const { body } = await list("?email=jane.doe@example.test");
    const data = (body as { data: { employments: { personal_email: string }[] } }).data;
    expect(data.employments.map((e) => e.personal_email)).toEqual(["Jane.Doe@Example.test"]);
  });

  it("takes the provider's further filters: employment_type, employment_model, short_id, the own company_id", async () => {
    const all = EmploymentListResponseSchema.parse((await list("?page_size=100")).body).data.employments;
    const one = all[3]!;
    const byShortId = EmploymentListResponseSchema.parse((await list(`?short_id=${one.short_id}`)).body).data;
    expect(byShortId.employments.map((e) => e.id)).toEqual([one.id]);
    const employees = EmploymentListResponseSchema.parse((await list("?employment_type=employee,contractor&page_size=100")).body).data;
    expect(employees.total_count).toBe(all.filter((e) => e.type === "employee" || e.type === "contractor").length);
    const eor = EmploymentListResponseSchema.parse((await list("?employment_model=eor&page_size=100")).body).data;
    expect(eor.total_count).toBe(all.filter((e) => e.employment_model === "eor").length);
    expect(EmploymentListResponseSchema.parse((await list(`?company_id=${t.company.id}`)).body).data.total_count).toBe(45);
    expect((await list(`?company_id=${other.company.id}`)).res.status).toBe(404);
  });

  it.each([
    "?page_size=101",
    "?page_size=0",
    "?page_size=abc",
    "?page=0",
    "?page=-1",
    "?page=1.5",
    "?status=bogus",
    "?employment_type=bogus",
    "?employment_model=bogus",
  ])("%s is a 400", async (qs) => {
    const { res, body } = await list(qs);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ message: { code: "invalid_parameter" } });
  });

  it("page_size 100 is allowed", async () => {
    const { res, body } = await list("?page_size=100");
    expect(res.status).toBe(200);
    expect((body as { data: { employments: unknown[] } }).data.employments).toHaveLength(45);
  });

  it("needs employment:read (or employments) and a company", async () => {
    const token = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["timeoff:read"]);
    expect((await list("", token)).res.status).toBe(403);
    const viaEmployments = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["employments"]);
    expect((await list("", viaEmployments)).res.status).toBe(200);
    expect((await gw.call("GET", "/v1/employments")).status).toBe(401);
  });
});
