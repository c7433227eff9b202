import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outboxEvents } from "../../db/schema";
import { CompanyManagerCreatedResponseSchema, CompanyManagerListResponseSchema } from "@/lib/contract";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { fixturesAvailable, keysOf, readFixture, tokenWith } from "@/test-support/gateway/people-ops";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
let other: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  other = await makeTenant(gw.deps.db, "sandbox");
});

describe("company managers", () => {
  it("lists the company's users with their roles", async () => {
    const res = await gw.call("GET", "/v1/company-managers", { token: t.tokens.onboardingManager });
    expect(res.status).toBe(200);
    const { data } = CompanyManagerListResponseSchema.parse(await res.json());
    expect(data.total_count).toBe(4);
    expect(new Set(data.company_managers.map((m) => m.role))).toEqual(new Set(["owner", "admin", "people_manager", "onboarding_manager"]));
    expect(data.company_managers.every((m) => m.company_id === t.company.id)).toBe(true);
  });

  it("creates, shows and deletes a manager; other companies' are 404", async () => {
    const res = await gw.call("POST", "/v1/company-managers", {
      token: t.tokens.admin,
      body: { name: "New Manager", email: "new.manager@example.test", role: "people_manager" },
    });
    expect(res.status).toBe(201);
    const created = CompanyManagerCreatedResponseSchema.parse(await res.json()).company_manager;
    expect(created).toMatchObject({
      user_name: "New Manager",
      user_email: "new.manager@example.test",
      role: "people_manager",
      company_id: t.company.id,
    });
    expect((await gw.call("GET", `/v1/company-managers/${created.user_id}`, { token: t.tokens.admin })).status).toBe(200);
    expect((await gw.call("GET", `/v1/company-managers/${created.user_id}`, { token: other.tokens.admin })).status).toBe(404);
    expect((await gw.call("DELETE", `/v1/company-managers/${created.user_id}`, { token: other.tokens.owner })).status).toBe(404);
    const del = await gw.call("DELETE", `/v1/company-managers/${created.user_id}`, { token: t.tokens.admin });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ data: { status: "ok" } });
    expect((await gw.call("GET", `/v1/company-managers/${created.user_id}`, { token: t.tokens.admin })).status).toBe(404);
  });

  it("validates the body: email format, role, duplicate email", async () => {
    const bad = await gw.call("POST", "/v1/company-managers", { token: t.tokens.admin, body: { name: "X", email: "nope", role: "king" } });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(["email", "role"]);
    const dup = await gw.call("POST", "/v1/company-managers", {
      token: t.tokens.admin,
      body: { name: "X", email: t.owner.email, role: "admin" },
    });
    expect(dup.status).toBe(422);
  });

  it("refuses to delete the last owner (409); an owner can be deleted when another remains", async () => {
    const last = await gw.call("DELETE", `/v1/company-managers/${t.owner.id}`, { token: t.tokens.owner });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { message: string }).message).toMatch(/last owner/);
    const res = await gw.call("POST", "/v1/company-managers", {
      token: t.tokens.owner,
      body: { name: "Second Owner", email: "owner2@example.test", role: "owner" },
    });
    const second = CompanyManagerCreatedResponseSchema.parse(await res.json()).company_manager;
    expect((await gw.call("DELETE", `/v1/company-managers/${second.user_id}`, { token: t.tokens.owner })).status).toBe(200);
  });

  it("only owners and admins manage managers; only owners touch owners", async () => {
    expect(
      (
        await gw.call("POST", "/v1/company-managers", {
          token: t.tokens.peopleManager,
          body: { name: "X", email: "x1@example.test", role: "admin" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await gw.call("POST", "/v1/company-managers", {
          token: t.tokens.admin,
          body: { name: "X", email: "x2@example.test", role: "owner" },
        })
      ).status,
    ).toBe(403);
    expect((await gw.call("DELETE", `/v1/company-managers/${t.owner.id}`, { token: t.tokens.admin })).status).toBe(403);
  });

  it("deleting a manager unassigns them from their reports", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { managerUserId: t.peopleManager.id });
    await gw.call("DELETE", `/v1/company-managers/${t.peopleManager.id}`, { token: t.tokens.admin });
    const emp = (await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).json()) as {
      data: { employment: { manager_email: string | null } };
    };
    expect(emp.data.employment.manager_email).toBeNull();
    const events = await gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, "employment.details.updated"));
    expect(events.map((r) => r.payload)).toEqual([
      { event_type: "employment.details.updated", employment_id: e.id, company_id: t.company.id },
    ]);
  });

  it("needs a token (401) and its scopes: company_manager:read to read, company_manager:write to write (403)", async () => {
    expect((await gw.call("GET", "/v1/company-managers")).status).toBe(401);
    expect((await gw.call("DELETE", `/v1/company-managers/${t.admin.id}`)).status).toBe(401);
    const readOnly = await tokenWith(gw, t.owner, ["company_manager:read"]);
    const writeOnly = await tokenWith(gw, t.owner, ["company_manager:write"]);
    const neither = await tokenWith(gw, t.owner, ["employment:read"]);
    expect((await gw.call("GET", "/v1/company-managers", { token: readOnly })).status).toBe(200);
    expect((await gw.call("GET", `/v1/company-managers/${t.admin.id}`, { token: readOnly })).status).toBe(200);
    for (const token of [writeOnly, neither]) {
      const res = await gw.call("GET", "/v1/company-managers", { token });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Forbidden" });
    }
    expect((await gw.call("GET", `/v1/company-managers/${t.admin.id}`, { token: neither })).status).toBe(403);
    const create = { name: "Scoped", email: "scoped@example.test", role: "admin" };
    expect((await gw.call("POST", "/v1/company-managers", { token: readOnly, body: create })).status).toBe(403);
    expect((await gw.call("DELETE", `/v1/company-managers/${t.onboardingManager.id}`, { token: readOnly })).status).toBe(403);
    expect((await gw.call("POST", "/v1/company-managers", { token: writeOnly, body: create })).status).toBe(201);
    expect((await gw.call("DELETE", `/v1/company-managers/${t.onboardingManager.id}`, { token: writeOnly })).status).toBe(200);
  });

  it("paginates: page and page_size within bounds, 400 outside", async () => {
    const page = async (q: string) => gw.call("GET", `/v1/company-managers?${q}`, { token: t.tokens.admin });
    const first = CompanyManagerListResponseSchema.parse(await (await page("page=1&page_size=3")).json()).data;
    expect(first).toMatchObject({ current_page: 1, total_count: 4, total_pages: 2 });
    expect(first.company_managers).toHaveLength(3);
    const second = CompanyManagerListResponseSchema.parse(await (await page("page=2&page_size=3")).json()).data;
    expect(second.company_managers).toHaveLength(1);
    expect(new Set([...first.company_managers, ...second.company_managers].map((m) => m.user_id)).size).toBe(4);
    expect(CompanyManagerListResponseSchema.parse(await (await page("page=3&page_size=3")).json()).data.company_managers).toEqual([]);
    for (const q of ["page_size=101", "page_size=0", "page=0", "page=x", "page_size=2.5"]) expect((await page(q)).status, q).toBe(400);
    expect((await page("page_size=100")).status).toBe(200);
  });

  it.skipIf(!fixturesAvailable)(
    "response shapes: exactly the fields of the provider's CompanyManagerResponse and CompanyManagersResponse",
    async () => {
      const list = (await (await gw.call("GET", "/v1/company-managers", { token: t.tokens.admin })).json()) as {
        data: Record<string, unknown> & { company_managers: unknown[] };
      };
      const official = readFixture("openapi-examples-2024/CompanyManagersResponse.json") as { company_managers: unknown[] };
      expect(keysOf(list.data)).toEqual(keysOf(official));
      expect(keysOf(list.data.company_managers[0])).toEqual(keysOf(official.company_managers[0]));
      const show = (await (await gw.call("GET", `/v1/company-managers/${t.admin.id}`, { token: t.tokens.admin })).json()) as {
        data: { company_manager: unknown };
      };
      const officialShow = readFixture("openapi-examples-2024/CompanyManagerResponse.json") as { data: { company_manager: unknown } };
      expect(keysOf(show.data.company_manager)).toEqual(keysOf(officialShow.data.company_manager));
    },
  );
});
