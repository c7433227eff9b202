import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OffboardingResponseSchema } from "@/lib/contract";
import { employments, peopleOpsFiles } from "../../db/schema";
import { makeEmployment } from "@/test-support/gateway/factories";
import {
  SAMPLE_FILES,
  b64,
  eventsOf,
  json,
  keysOf,
  setupPeopleOps,
  tokenWith,
  type PeopleOpsSetup,
} from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const details = (over: Record<string, unknown> = {}) => ({
  confidential: false,
  proposed_termination_date: "2026-03-31",
  termination_reason: "workforce_reduction",
  reason_description: "The team is being closed.",
  risk_assessment_reasons: ["none_of_these"],
  will_challenge_termination: false,
  additional_comments: "",
  employee_awareness: { date: "2026-01-14", note: "Told in a 1:1" },
  agrees_to_pto_amount: true,
  ...over,
});
const create = (over: Record<string, unknown> = {}, token = s.t.tokens.admin, employmentId = s.e.id) =>
  s.gw.call("POST", "/v1/offboardings", {
    token,
    body: { employment_id: employmentId, type: "termination", termination_details: details(over) },
  });
const statusOf = async (id: string) =>
  (await s.gw.deps.db.select({ status: employments.status }).from(employments).where(eq(employments.id, id)))[0]!.status;

describe("POST /v1/offboardings", () => {
  it("submits a termination (201): the employment moves to offboarding, offboarding.submitted is emitted", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const { offboarding } = OffboardingResponseSchema.parse(await res.json()).data;
    expect(offboarding).toMatchObject({
      employment_id: s.e.id,
      type: "termination",
      status: "submitted",
      confidential: false,
      proposed_termination_date: "2026-03-31",
      termination_date: "2026-03-31",
      termination_reason: "workforce_reduction",
      reason_description: "The team is being closed.",
      risk_assessment_reasons: ["none_of_these"],
      will_challenge_termination: false,
      additional_comments: "",
      employee_awareness: { date: "2026-01-14", note: "Told in a 1:1" },
      agrees_to_pto_amount: true,
      requested_by: s.t.admin.id,
      submitted_at: "2026-01-15T09:00:00Z",
    });
    expect(await statusOf(s.e.id)).toBe("offboarding");
    expect(await eventsOf(s.gw, "offboarding.submitted")).toEqual([
      { event_type: "offboarding.submitted", offboarding_id: offboarding.id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
  });

  it("only an active employment can be offboarded: a second request, or one being onboarded, is a 422 ActionError", async () => {
    expect((await create()).status).toBe(201);
    const again = await create();
    expect(again.status).toBe(422);
    expect((await json(again)).message).toEqual({
      code: "employment_not_active",
      message: "Only an active employment can be offboarded (current status: offboarding)",
      action: "create_offboarding",
    });
    const invited = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "invited" });
    expect((await json(await create({}, s.t.tokens.admin, invited.id))).message.code).toBe("employment_not_active");
  });

  it("types and models with only list and show (spec section 1) are a 422 ActionError", async () => {
    for (const over of [
      { type: "contractor", employmentModel: null },
      { type: "direct_employee", employmentModel: null },
      { type: "employee", employmentModel: "peo" },
    ] as const) {
      const emp = await makeEmployment(s.gw.deps.db, s.t.company.id, { ...over, status: "active" });
      const res = await create({}, s.t.tokens.admin, emp.id);
      expect(res.status).toBe(422);
      expect((await json(res)).message).toMatchObject({ code: "operation_not_available", action: "create_offboarding" });
      expect(await statusOf(emp.id)).toBe("active");
    }
  });

  it("validates the termination details (422 per field)", async () => {
    const res = await create({
      termination_reason: "bored",
      risk_assessment_reasons: ["none_of_these", "sick_leave"],
      will_challenge_termination: true,
      proposed_termination_date: "2026-13-01",
    });
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(Object.keys(errors).sort()).toEqual(["termination_details.proposed_termination_date", "termination_details.termination_reason"]);
    const refine = await json(await create({ risk_assessment_reasons: ["none_of_these", "sick_leave"], will_challenge_termination: true }));
    expect(refine.errors).toEqual({
      "termination_details.risk_assessment_reasons": ["none_of_these cannot be combined with other reasons"],
      "termination_details.will_challenge_termination_description": ["can't be blank when will_challenge_termination is true"],
    });
    expect((await json(await create({ proposed_termination_date: "2026-01-01" }))).errors).toEqual({
      "termination_details.proposed_termination_date": ["must be today or a later date"],
    });
    expect((await json(await create({ reason_description: undefined, risk_assessment_reasons: [] }))).errors).toMatchObject({
      "termination_details.reason_description": expect.any(Array),
      "termination_details.risk_assessment_reasons": ["must list at least one reason (none_of_these when none applies)"],
    });
    const wrongType = await s.gw.call("POST", "/v1/offboardings", {
      token: s.t.tokens.admin,
      body: { employment_id: s.e.id, type: "resignation", termination_details: details() },
    });
    expect((await json(wrongType)).errors).toEqual({ type: ["must be termination"] });
    expect((await json(await create({ personal_email: "not an email" }))).errors).toEqual({
      "termination_details.personal_email": ["must be an email address"],
    });
    expect((await create({ unknown_detail: true })).status).toBe(400);
    expect(await statusOf(s.e.id)).toBe("active");
  });

  it("404 for another company's employment; 403 without offboarding:write or a writing role", async () => {
    const res = await create({}, s.t.tokens.admin, s.otherE.id);
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: "Employment not found" });
    expect((await create({}, await tokenWith(s.gw, s.t.admin, ["offboarding:read"]))).status).toBe(403);
    expect((await create({}, s.t.tokens.onboardingManager)).status).toBe(403);
    const notMine = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect((await create({}, s.t.tokens.peopleManager, notMine.id)).status).toBe(403);
    expect((await create({}, s.t.tokens.peopleManager)).status).toBe(201);
  });

  it("accepts every termination detail of the provider (TerminationDetailsParams) and answers its TerminationOffboarding", async () => {
    const pdf = b64(SAMPLE_FILES.pdf);
    const res = await create({
      will_challenge_termination: true,
      will_challenge_termination_description: "Likely",
      personal_email: "ana.private@example.test",
      customer_informed_employee: true,
      acknowledge_termination_procedure: true,
      agrees_to_pto_amount: null,
      agrees_to_pto_amount_notes: null,
      additional_comments: null,
      employee_awareness: { date: null, note: "Told in person" },
      termination_reason_files: [{ name: "review.pdf", content: pdf }],
      timesheet_file: { name: "timesheet.pdf", content: pdf },
    });
    expect(res.status).toBe(201);
    const mine = (await json(res)).data.offboarding;
    // docs/decisions/contract-people-ops.md: optional fields not given are omitted, never null.
    expect(keysOf(mine)).toEqual(
      [
        "additional_comments",
        "confidential",
        "employee_awareness",
        "employment_id",
        "id",
        "personal_email",
        "proposed_termination_date",
        "reason_description",
        "requested_by",
        "risk_assessment_reasons",
        "status",
        "submitted_at",
        "termination_date",
        "termination_reason",
        "type",
        "will_challenge_termination",
        "will_challenge_termination_description",
      ].sort(),
    );
    expect(mine).toMatchObject({
      personal_email: "ana.private@example.test",
      additional_comments: null,
      employee_awareness: { date: null },
    });
    const files = await s.gw.deps.db.select().from(peopleOpsFiles).where(eq(peopleOpsFiles.offboardingId, mine.id));
    expect(files.map((f) => [f.name, f.subType]).sort()).toEqual([
      ["review.pdf", "termination_reason"],
      ["timesheet.pdf", "timesheet"],
    ]);
  });
});
