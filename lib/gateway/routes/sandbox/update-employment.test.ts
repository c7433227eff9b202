import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { EmploymentResponseSchema } from "@/lib/contract";
import { outboxEvents } from "../../db/schema";
import { createTestGateway } from "@/test-support/gateway/harness";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

describe("PUT/PATCH /v1/sandbox/employments/{id}", () => {
  it("sets a newly created employment to active on sandbox", async () => {
    const gw = await createTestGateway({ environment: "sandbox" });
    const t = await makeTenant(gw.deps.db, "sandbox");
    for (const method of ["PUT", "PATCH"]) {
      const e = await makeEmployment(gw.deps.db, t.company.id);
      const res = await gw.call(method, `/v1/sandbox/employments/${e.id}`, {
        token: t.tokens.admin,
        body: { status: "active", provisional_start_date: "2026-05-01" },
      });
      expect(res.status).toBe(200);
      const emp = EmploymentResponseSchema.parse(await res.json()).data.employment;
      expect(emp).toMatchObject({
        status: "active",
        employment_lifecycle_stage: "onboarded",
        user_status: "active",
        provisional_start_date: "2026-05-01",
        eligible_for_onboarding_cancellation: false,
      });
    }
    const activated = await gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, "employment.user_status.activated"));
    expect(activated).toHaveLength(2);
  });

  it("rejects other statuses and unknown properties", async () => {
    const gw = await createTestGateway({ environment: "sandbox" });
    const t = await makeTenant(gw.deps.db, "sandbox");
    const e = await makeEmployment(gw.deps.db, t.company.id);
    expect(
      (await gw.call("PATCH", `/v1/sandbox/employments/${e.id}`, { token: t.tokens.admin, body: { status: "archived" } })).status,
    ).toBe(422);
    expect((await gw.call("PATCH", `/v1/sandbox/employments/${e.id}`, { token: t.tokens.admin, body: { full_name: "x" } })).status).toBe(
      400,
    );
  });

  it("answers 404 on production, whatever the token", async () => {
    const gw = await createTestGateway({ environment: "production" });
    const t = await makeTenant(gw.deps.db, "production");
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const res = await gw.call("PATCH", `/v1/sandbox/employments/${e.id}`, { token: t.tokens.admin, body: { status: "active" } });
    expect(res.status).toBe(404);
    expect((await gw.call("PATCH", `/v1/sandbox/employments/${e.id}`, { body: {} })).status).toBe(404);
  });
});
