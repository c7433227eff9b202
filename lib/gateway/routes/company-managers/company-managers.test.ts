import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outboxEvents } from "../../db/schema";
import { CompanyManagerListResponseSchema, CompanyManagerResponseSchema } from "@/lib/contract";
import { createTestGateway, type TestGateway } from "../../testing/harness";
import { makeEmployment, makeTenant } from "../../testing/factories";

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
    const res = await gw.call("POST", "/v1/company-managers", { token: t.tokens.admin, body: { name: "New Manager", email: "new.manager@example.test", role: "people_manager" } });
    expect(res.status).toBe(201);
    const created = CompanyManagerResponseSchema.parse(await res.json()).data.company_manager;
    expect(created).toMatchObject({ user_name: "New Manager", user_email: "new.manager@example.test", role: "people_manager", company_id: t.company.id });
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
    const dup = await gw.call("POST", "/v1/company-managers", { token: t.tokens.admin, body: { name: "X", email: t.owner.email, role: "admin" } });
    expect(dup.status).toBe(422);
  });

  it("refuses to delete the last owner (409); an owner can be deleted when another remains", async () => {
    const last = await gw.call("DELETE", `/v1/company-managers/${t.owner.id}`, { token: t.tokens.owner });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { message: string }).message).toMatch(/last owner/);
    const res = await gw.call("POST", "/v1/company-managers", { token: t.tokens.owner, body: { name: "Second Owner", email: "owner2@example.test", role: "owner" } });
    const second = CompanyManagerResponseSchema.parse(await res.json()).data.company_manager;
    expect((await gw.call("DELETE", `/v1/company-managers/${second.user_id}`, { token: t.tokens.owner })).status).toBe(200);
  });

  it("only owners and admins manage managers; only owners touch owners", async () => {
    expect((await gw.call("POST", "/v1/company-managers", { token: t.tokens.peopleManager, body: { name: "X", email: "x1@example.test", role: "admin" } })).status).toBe(403);
    expect((await gw.call("POST", "/v1/company-managers", { token: t.tokens.admin, body: { name: "X", email: "x2@example.test", role: "owner" } })).status).toBe(403);
    expect((await gw.call("DELETE", `/v1/company-managers/${t.owner.id}`, { token: t.tokens.admin })).status).toBe(403);
  });

  it("deleting a manager unassigns them from their reports", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { managerUserId: t.peopleManager.id });
    await gw.call("DELETE", `/v1/company-managers/${t.peopleManager.id}`, { token: t.tokens.admin });
    const emp = (await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).json()) as { data: { employment: { manager_email: string | null } } };
    expect(emp.data.employment.manager_email).toBeNull();
    const events = await gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, "employment.details.updated"));
    expect(events.map((r) => r.payload)).toEqual([{ event_type: "employment.details.updated", employment_id: e.id, company_id: t.company.id }]);
  });
});
