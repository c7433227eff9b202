import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { EmploymentResponseSchema } from "@/lib/contract";
import { outboxEvents } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import {
  makeAccessToken,
  makeClient,
  makeCustomerToken,
  makeDepartment,
  makeEmployment,
  makeTenant,
  makeUser,
} from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
let other: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  other = await makeTenant(gw.deps.db, "sandbox");
});

const events = (employmentId: string) =>
  gw.deps.db
    .select()
    .from(outboxEvents)
    .where(eq(outboxEvents.eventType, "employment.details.updated"))
    .then((rows) => rows.filter((r) => r.payload.employment_id === employmentId));

describe("PUT/PATCH /v2/employments/{id} (spec 4.1)", () => {
  it("updates the four properties and answers the full record", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const dept = await makeDepartment(gw.deps.db, t.company.id, "Engineering");
    const managerEmployment = await makeEmployment(gw.deps.db, t.company.id, { loginEmail: t.peopleManager.email });
    for (const method of ["PUT", "PATCH"]) {
      const res = await gw.call(method, `/v2/employments/${e.id}`, {
        token: t.tokens.admin,
        body: { department_id: dept.id, manager_id: t.peopleManager.id, external_id: "HR-42", work_email: "new@work.example" },
      });
      expect(res.status).toBe(200);
      const body = EmploymentResponseSchema.parse(await res.json());
      const emp = body.data.employment;
      expect(emp).toMatchObject({
        id: e.id,
        department_id: dept.id,
        department: "Engineering",
        manager: t.peopleManager.name,
        manager_email: t.peopleManager.email,
        manager_employment_id: managerEmployment.id,
        external_id: "HR-42",
        work_email: "new@work.example",
      });
      expect(Object.keys(emp.onboarding_tasks)).toHaveLength(9);
    }
  });

  it("emits employment.details.updated once per change of department or manager, in the outbox", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const dept = await makeDepartment(gw.deps.db, t.company.id);
    await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "X" } });
    expect(await events(e.id)).toHaveLength(0);
    await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { department_id: dept.id } });
    await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { department_id: dept.id } });
    await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { manager_id: t.owner.id } });
    const rows = await events(e.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.payload).toEqual({ event_type: "employment.details.updated", employment_id: e.id, company_id: t.company.id });
  });

  it("null department_id unassigns the department", async () => {
    const dept = await makeDepartment(gw.deps.db, t.company.id);
    const e = await makeEmployment(gw.deps.db, t.company.id, { departmentId: dept.id });
    const res = await gw.call("PUT", `/v2/employments/${e.id}`, { token: t.tokens.owner, body: { department_id: null } });
    expect(res.status).toBe(200);
    const { data } = EmploymentResponseSchema.parse(await res.json());
    expect(data.employment.department_id).toBeNull();
    expect(data.employment.department).toBeNull();
  });

  it("rule 1: a property other than the four is a 400 naming it", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { job_title: "CEO", external_id: "1" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: { code: "invalid_parameter", message: "Unknown property: job_title" } });
  });

  it("malformed JSON and non-object bodies are 400", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const bad = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: "{not json" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Malformed JSON body" });
    const arr = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: [1] });
    expect(arr.status).toBe(400);
  });

  it("external_id longer than 64 characters is a 422 on the field", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const ok = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "x".repeat(64) } });
    expect(ok.status).toBe(200);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "x".repeat(65) } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { external_id: ["must be at most 64 characters"] } });
  });

  it("rule 2: a department of another company fails validation", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const foreign = await makeDepartment(gw.deps.db, other.company.id);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { department_id: foreign.id } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { department_id: ["must be a department of the employment's company"] } });
  });

  it("manager_id must be a user of the company with role admin, owner or people_manager", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const wrongRole = await gw.call("PATCH", `/v2/employments/${e.id}`, {
      token: t.tokens.admin,
      body: { manager_id: t.onboardingManager.id },
    });
    expect(wrongRole.status).toBe(422);
    expect(await wrongRole.json()).toEqual({ errors: { manager_id: ["must be a user with role admin, owner or people_manager"] } });
    const foreign = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { manager_id: other.admin.id } });
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toEqual({ errors: { manager_id: ["is not a user of this company"] } });
    for (const ok of [t.owner, t.admin, t.peopleManager]) {
      const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { manager_id: ok.id } });
      expect(res.status).toBe(200);
    }
  });

  it("rule 4: a company not active answers 409 naming the expected state", async () => {
    const inactive = await makeTenant(gw.deps.db, "sandbox", { status: "review" });
    const e = await makeEmployment(gw.deps.db, inactive.company.id);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: inactive.tokens.admin, body: { external_id: "1" } });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string };
    expect(Object.keys(body)).toEqual(["message"]);
    expect(body.message).toMatch(/status active/);
  });

  it.each([
    { over: { type: "contractor" }, reason: /contractor/ },
    { over: { type: "direct_employee" }, reason: /direct_employee/ },
    { over: { type: "global_payroll_employee" }, reason: /global_payroll_employee/ },
    { over: { employmentModel: "peo" }, reason: /peo/ },
    { over: { employmentModel: "global_payroll" }, reason: /global_payroll/ },
  ])("only list and show for $over: 422 ActionError", async ({ over, reason }) => {
    const e = await makeEmployment(gw.deps.db, t.company.id, over);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "1" } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: { code: string; message: string; action: string } };
    expect(body.message.code).toBe("operation_not_available");
    expect(body.message.action).toBe("update_employment");
    expect(body.message.message).toMatch(reason);
    const show = await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin });
    expect(show.status).toBe(200);
  });

  it("another company's employment is 404, never 403", async () => {
    const e = await makeEmployment(gw.deps.db, other.company.id);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "1" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Employment not found" });
    const garbage = await gw.call("PATCH", `/v2/employments/not-a-uuid`, { token: t.tokens.admin, body: {} });
    expect(garbage.status).toBe(404);
  });

  it("401 without a valid token; 403 without the scope, for roles that cannot write and for client credentials", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    expect((await gw.call("PATCH", `/v2/employments/${e.id}`, { body: {} })).status).toBe(401);
    expect((await gw.call("PATCH", `/v2/employments/${e.id}`, { token: "ra_test_unknown", body: {} })).status).toBe(401);
    const readOnly = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["employment:read"]);
    const noScope = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: readOnly, body: {} });
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toEqual({ message: "Forbidden" });
    expect((await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.onboardingManager, body: {} })).status).toBe(403);
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, { clientId: client.id });
    expect((await gw.call("PATCH", `/v2/employments/${e.id}`, { token, body: {} })).status).toBe(403);
  });

  it("people managers update only their reports", async () => {
    const mine = await makeEmployment(gw.deps.db, t.company.id, { managerUserId: t.peopleManager.id });
    const notMine = await makeEmployment(gw.deps.db, t.company.id);
    expect(
      (await gw.call("PATCH", `/v2/employments/${mine.id}`, { token: t.tokens.peopleManager, body: { external_id: "a" } })).status,
    ).toBe(200);
    expect(
      (await gw.call("PATCH", `/v2/employments/${notMine.id}`, { token: t.tokens.peopleManager, body: { external_id: "a" } })).status,
    ).toBe(403);
  });

  it("works with an authorization-code grant token too", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.admin });
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token, body: { external_id: "grant" } });
    expect(res.status).toBe(200);
  });

  it("429 when the company's limit is spent, with no side effect", async () => {
    const limited = await createTestGateway({ keepData: true, rateLimits: { perCompany: 2 } });
    const e = await makeEmployment(limited.deps.db, t.company.id);
    const dept = await makeDepartment(limited.deps.db, t.company.id);
    expect((await limited.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).status).toBe(200);
    expect((await limited.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).status).toBe(200);
    const res = await limited.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { department_id: dept.id } });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: "Too many requests" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    const rows = await limited.deps.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.eventType, "employment.details.updated")));
    expect(rows).toHaveLength(0);
  });

  it("a user of another company cannot be found through its id (404 on show)", async () => {
    const e = await makeEmployment(gw.deps.db, other.company.id);
    const u = await makeUser(gw.deps.db, t.company.id, { role: "owner" });
    const token = await makeCustomerToken(gw.deps.db, "sandbox", u);
    expect((await gw.call("GET", `/v1/employments/${e.id}`, { token })).status).toBe(404);
  });
});
