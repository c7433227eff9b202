import { beforeEach, describe, expect, it } from "vitest";
import { EmploymentResponseSchema } from "@/lib/contract";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

describe("POST /v1/employments/{id}/invite", () => {
  it("invites a created employment: status invited, self-enrolment stage", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const res = await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: "ok" } });
    const emp = EmploymentResponseSchema.parse(await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).json())
      .data.employment;
    expect(emp).toMatchObject({ status: "invited", employment_lifecycle_stage: "employee_self_enrollment", user_status: "initiated" });
  });

  it("a second invite, or an active employment, is a 422 ActionError", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: t.tokens.admin });
    const again = await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: t.tokens.admin });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ message: { code: "employment_not_invitable", action: "invite_employment" } });
  });

  it("contractors cannot be invited (only list and show)", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { type: "contractor" });
    const res = await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: t.tokens.admin });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: { code: "operation_not_available", action: "invite_employment" } });
  });

  it("409 for a company that is not active; 403 for an onboarding manager; 404 across companies", async () => {
    const inactive = await makeTenant(gw.deps.db, "sandbox", { status: "pending" });
    const e = await makeEmployment(gw.deps.db, inactive.company.id);
    expect((await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: inactive.tokens.owner })).status).toBe(409);
    expect((await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: inactive.tokens.onboardingManager })).status).toBe(403);
    expect((await gw.call("POST", `/v1/employments/${e.id}/invite`, { token: t.tokens.owner })).status).toBe(404);
  });
});
