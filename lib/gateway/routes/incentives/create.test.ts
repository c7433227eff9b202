import { beforeEach, describe, expect, it } from "vitest";
import { IncentiveResponseSchema } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
import { eventsOf, json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const body = (over: Record<string, unknown> = {}) => ({
  employment_id: s.e.id,
  type: "signing_bonus",
  amount: 50000,
  amount_tax_type: "gross",
  effective_date: "2026-01-20",
  note: "Welcome",
  ...over,
});
const create = (over: Record<string, unknown> = {}, token = s.t.tokens.admin) =>
  s.gw.call("POST", "/v1/incentives", { token, body: body(over) });

describe("POST /v1/incentives", () => {
  it("creates a pending one-time incentive (201), payout at the end of its month, and emits incentive.created", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const { incentive } = IncentiveResponseSchema.parse(await res.json()).data;
    expect(incentive).toMatchObject({
      employment_id: s.e.id,
      type: "signing_bonus",
      status: "pending",
      amount: 50000,
      amount_tax_type: "gross",
      effective_date: "2026-01-20",
      expected_payout_date: "2026-01-31",
      note: "Welcome",
      recurring_incentive_id: null,
    });
    expect(await eventsOf(s.gw, "incentive.created")).toEqual([
      { event_type: "incentive.created", incentive_id: incentive.id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
  });

  it("validates: known type, integer minor units, gross or net, an effective date today or later", async () => {
    const res = await create({ type: "gift", amount: 500.25, amount_tax_type: "after_tax" });
    expect(res.status).toBe(422);
    expect(Object.keys((await json(res)).errors).sort()).toEqual(["amount", "amount_tax_type", "type"]);
    expect(await json(await create({ effective_date: "2026-01-14" }))).toEqual({
      errors: { effective_date: ["must be today or a later date"] },
    });
    expect((await create({ effective_date: "2026-01-15" })).status).toBe(201);
    expect((await create({ amount: -1 })).status).toBe(422);
    expect((await create({ recurring: true })).status).toBe(400);
  });

  it("an employment being onboarded can get one; an archived one or a contractor cannot (422 ActionError)", async () => {
    const invited = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "invited" });
    expect((await create({ employment_id: invited.id })).status).toBe(201);
    const archived = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "archived" });
    expect((await json(await create({ employment_id: archived.id }))).message).toMatchObject({
      code: "employment_status_not_allowed",
      action: "create_incentive",
    });
    const contractor = await makeEmployment(s.gw.deps.db, s.t.company.id, { type: "contractor", employmentModel: null, status: "active" });
    expect((await json(await create({ employment_id: contractor.id }))).message).toMatchObject({ code: "operation_not_available" });
  });

  it("404 for another company's employment; 403 without incentive:write or a writing role", async () => {
    expect(await json(await create({ employment_id: s.otherE.id }))).toEqual({ message: "Employment not found" });
    expect((await create({}, await tokenWith(s.gw, s.t.admin, ["incentive:read"]))).status).toBe(403);
    expect((await create({}, s.t.tokens.onboardingManager)).status).toBe(403);
  });
});
