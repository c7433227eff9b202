import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OffboardingResponseSchema } from "@/lib/contract";
import { employments } from "../../db/schema";
import { allEventTypes, eventsOf, json, setupPeopleOps, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
let id: string;
beforeEach(async () => {
  s = await setupPeopleOps();
  const res = await s.gw.call("POST", "/v1/offboardings", {
    token: s.t.tokens.admin,
    body: {
      employment_id: s.e.id,
      type: "termination",
      termination_details: {
        confidential: false,
        proposed_termination_date: "2026-02-28",
        termination_reason: "mutual_agreement",
        reason_description: "Agreed",
        risk_assessment_reasons: ["family_leave"],
        will_challenge_termination: false,
      },
    },
  });
  id = (await json(res)).data.offboarding.id;
});

const move = (status: string, token = s.t.tokens.admin) =>
  s.gw.call("PATCH", `/v1/sandbox/offboardings/${id}`, { token, body: { status } });
const employment = async () => (await s.gw.deps.db.select().from(employments).where(eq(employments.id, s.e.id)))[0]!;

describe("PATCH /v1/sandbox/offboardings/{id}", () => {
  it("in_review emits offboarding.review_started (never offboarding.in_review); done archives the employment", async () => {
    const res = await move("in_review");
    expect(res.status).toBe(200);
    expect(OffboardingResponseSchema.parse(await res.json()).data.offboarding.status).toBe("in_review");
    expect(await eventsOf(s.gw, "offboarding.review_started")).toEqual([
      { event_type: "offboarding.review_started", offboarding_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
    expect((await json(await move("done"))).data.offboarding.status).toBe("done");
    expect(await employment()).toMatchObject({ status: "archived", lifecycleStage: "offboarded", userStatus: "inactive" });
    expect(await allEventTypes(s.gw)).toEqual([
      "offboarding.submitted",
      "offboarding.review_started",
      "employment.user_status.deactivated",
    ]);
    expect((await move("canceled")).status).toBe(422);
  });

  it("canceled makes the employment active again and emits offboarding.deleted; a new offboarding can then be submitted", async () => {
    const res = await move("canceled");
    expect((await json(res)).data.offboarding.status).toBe("canceled");
    expect((await employment()).status).toBe("active");
    expect(await eventsOf(s.gw, "offboarding.deleted")).toEqual([
      { event_type: "offboarding.deleted", offboarding_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
    expect((await move("in_review")).status).toBe(422);
  });

  it("transitions that do not exist are a 422 ActionError; unknown statuses a 422 field error", async () => {
    const res = await move("done");
    expect(res.status).toBe(422);
    expect((await json(res)).message).toMatchObject({ code: "invalid_status_transition", action: "sandbox_update_offboarding" });
    expect(await json(await move("archived"))).toEqual({ errors: { status: ["must be in_review, done or canceled"] } });
  });

  it("404 across companies and on production; 403 for a role that cannot write", async () => {
    expect((await move("in_review", s.other.tokens.admin)).status).toBe(404);
    expect((await move("in_review", s.t.tokens.onboardingManager)).status).toBe(403);
    const prod = await setupPeopleOps({ environment: "production" });
    const res = await prod.gw.call("PATCH", `/v1/sandbox/offboardings/${id}`, {
      token: prod.t.tokens.admin,
      body: { status: "in_review" },
    });
    expect(res.status).toBe(404);
  });
});
