import { beforeEach, describe, expect, it } from "vitest";
import { TimeoffResponseSchema } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
import { SAMPLE_FILES, allEventTypes, b64, json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const body = (over: Record<string, unknown> = {}) => ({
  employment_id: s.e.id,
  timeoff_type: "paid_time_off",
  start_date: "2026-02-02",
  end_date: "2026-02-04",
  timezone: "Europe/Lisbon",
  timeoff_days: [
    { day: "2026-02-02", hours: 8 },
    { day: "2026-02-03", hours: 8 },
    { day: "2026-02-04", hours: 4 },
  ],
  notes: "Ski week",
  ...over,
});
const create = (over: Record<string, unknown> = {}, token = s.t.tokens.admin) =>
  s.gw.call("POST", "/v1/timeoff", { token, body: body(over) });

describe("POST /v1/timeoff", () => {
  it("records a requested time off (201) and emits no event (the spec defines none for time off)", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const { timeoff } = TimeoffResponseSchema.parse(await res.json()).data;
    expect(timeoff).toMatchObject({
      employment_id: s.e.id,
      status: "requested",
      timeoff_type: "paid_time_off",
      start_date: "2026-02-02",
      end_date: "2026-02-04",
      timezone: "Europe/Lisbon",
      notes: "Ski week",
      approver_id: null,
      approved_at: null,
      leave_policy: { name: "Paid time off", leave_policy_variant_slug: "paid_time_off", leave_type: "paid_time_off" },
      total_minutes: 1200,
    });
    // The provider's Timeoff: no document is an absent `document`; days carry minutes.
    expect(timeoff).not.toHaveProperty("document");
    expect(timeoff.timeoff_days[2]).toEqual({ day: "2026-02-04T00:00:00Z", hours: 4, minutes: 240 });
    expect(timeoff.timeoff_days).toHaveLength(3);
    expect(await allEventTypes(s.gw)).toEqual([]);
  });

  it("takes the provider client's body: days as date-times, approver_id null (the caller approves)", async () => {
    const res = await create({
      status: "approved",
      approver_id: null,
      approved_at: "2026-01-14T10:00:00Z",
      timeoff_days: [
        { day: "2026-02-02T00:00:00.000Z", hours: 8 },
        { day: "2026-02-03T00:00:00.000Z", hours: 8 },
      ],
      end_date: "2026-02-03",
    });
    expect(res.status).toBe(201);
    const { timeoff } = TimeoffResponseSchema.parse(await res.json()).data;
    expect(timeoff).toMatchObject({ status: "approved", approver_id: s.t.admin.id, total_minutes: 960 });
    expect(timeoff.timeoff_days.map((d) => d.day)).toEqual(["2026-02-02T00:00:00Z", "2026-02-03T00:00:00Z"]);
    // Roster has no custom company leave policies.
    const custom = await create({
      leave_policy_variant_id: "0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11",
      start_date: "2026-04-01",
      end_date: "2026-04-01",
    });
    expect((await json(custom)).errors).toHaveProperty("leave_policy_variant_id");
  });

  it("creates an approved time off: the approver defaults to the caller, approved_at to now", async () => {
    const res = await create({ status: "approved" });
    expect(res.status).toBe(201);
    const { timeoff } = TimeoffResponseSchema.parse(await res.json()).data;
    expect(timeoff).toMatchObject({ status: "approved", approver_id: s.t.admin.id, approved_at: "2026-01-15T09:00:00Z" });
    const named = await create({
      status: "approved",
      approver_id: s.t.owner.id,
      approved_at: "2026-01-14T10:00:00Z",
      start_date: "2026-03-02",
      end_date: "2026-03-02",
      timeoff_days: [{ day: "2026-03-02", hours: 8 }],
    });
    expect((await json(named)).data.timeoff).toMatchObject({ approver_id: s.t.owner.id, approved_at: "2026-01-14T10:00:00Z" });
  });

  it("an approver must be an owner, admin or people manager of the company (422)", async () => {
    const res = await create({ status: "approved", approver_id: s.t.onboardingManager.id });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ errors: { approver_id: ["must be a user with role owner, admin or people_manager"] } });
    const foreign = await create({ status: "approved", approver_id: s.other.admin.id });
    expect((await json(foreign)).errors.approver_id).toEqual(["is not a user of this company"]);
    const requested = await create({ approver_id: s.t.admin.id });
    expect((await json(requested)).errors.approver_id).toEqual(["can only be given with status approved"]);
  });

  it("validates dates, days, type and the IANA time zone (422 per field)", async () => {
    const res = await create({
      timezone: "Mars/Olympus_Mons",
      timeoff_type: "holiday",
      timeoff_days: [{ day: "2026-02-02", hours: 25 }],
    });
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(Object.keys(errors).sort()).toEqual(["timeoff_days.0.hours", "timeoff_type", "timezone"]);
    expect(errors.timezone).toEqual(["must be an IANA time zone identifier (e.g. Europe/Lisbon)"]);

    const range = await create({ end_date: "2026-02-01" });
    expect(await json(range)).toEqual({ errors: { end_date: ["must be on or after start_date"] } });
    const days = await create({
      timeoff_days: [
        { day: "2026-02-05", hours: 8 },
        { day: "2026-02-02", hours: 8 },
        { day: "2026-02-02", hours: 4 },
      ],
    });
    expect((await json(days)).errors).toEqual({
      "timeoff_days.0.day": ["must be between start_date and end_date"],
      "timeoff_days.2.day": ["is listed twice"],
    });
    const zero = await create({ timeoff_days: [{ day: "2026-02-02", hours: 0 }] });
    expect((await json(zero)).errors).toEqual({ timeoff_days: ["must hold at least one hour of time off"] });
    const badDate = await create({ start_date: "2026-02-30" });
    expect((await json(badDate)).errors.start_date).toEqual(["must be a date (YYYY-MM-DD)"]);
    const year0 = await create({ start_date: "0000-01-01" });
    expect(year0.status).toBe(422);
  });

  it("an unknown property is a 400, a missing body a 400", async () => {
    const res = await create({ color: "blue" });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: { code: "invalid_parameter", message: "Unknown property: color" } });
    expect((await s.gw.call("POST", "/v1/timeoff", { token: s.t.tokens.admin })).status).toBe(400);
  });

  it("refuses a time off overlapping a requested or approved one of the same employment (422); cancelled ones do not count", async () => {
    const first = await json(await create());
    const clash = await create({ start_date: "2026-02-04", end_date: "2026-02-05", timeoff_days: [{ day: "2026-02-05", hours: 8 }] });
    expect(clash.status).toBe(422);
    expect((await json(clash)).errors.start_date).toEqual([`overlaps time off ${first.data.timeoff.id} (2026-02-02 to 2026-02-04)`]);
    // Another employment's time off on the same dates is fine.
    const colleague = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect((await create({ employment_id: colleague.id })).status).toBe(201);
    await s.gw.call("PATCH", `/v1/timeoff/${first.data.timeoff.id}`, {
      token: s.t.tokens.admin,
      body: { status: "cancelled", cancel_reason: "Plans changed" },
    });
    expect(
      (await create({ start_date: "2026-02-04", end_date: "2026-02-05", timeoff_days: [{ day: "2026-02-05", hours: 8 }] })).status,
    ).toBe(201);
  });

  it("stores a document sent in base64 and returns it as a File", async () => {
    const res = await create({ timeoff_type: "sick_leave", document: { name: "doctor-note.pdf", content: b64(SAMPLE_FILES.pdf) } });
    expect(res.status).toBe(201);
    const { timeoff } = TimeoffResponseSchema.parse(await res.json()).data;
    expect(timeoff.document).toMatchObject({ name: "doctor-note.pdf", type: "timeoff_document", sub_type: "pdf" });
    const bad = await create({
      start_date: "2026-05-04",
      end_date: "2026-05-04",
      timeoff_days: [{ day: "2026-05-04", hours: 8 }],
      document: { name: "x.gif", content: b64(SAMPLE_FILES.gif) },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await json(bad)).errors)).toEqual(["document"]);
  });

  it("another company's employment, or an unknown id, is 404 Employment not found", async () => {
    for (const id of [s.otherE.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await create({ employment_id: id });
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ message: "Employment not found" });
    }
  });

  it("needs timeoff:write and a writing role; people managers only for their reports (403)", async () => {
    const readOnly = await tokenWith(s.gw, s.t.admin, ["timeoff:read"]);
    expect((await create({}, readOnly)).status).toBe(403);
    expect((await create({}, s.t.tokens.onboardingManager)).status).toBe(403);
    expect((await create({}, s.t.tokens.peopleManager)).status).toBe(201);
    const notMine = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect((await create({ employment_id: notMine.id }, s.t.tokens.peopleManager)).status).toBe(403);
    expect((await s.gw.call("POST", "/v1/timeoff", { body: body() })).status).toBe(401);
  });

  it("a contractor (list and show only, spec section 1) or an employment not working is a 422 ActionError", async () => {
    const contractor = await makeEmployment(s.gw.deps.db, s.t.company.id, { type: "contractor", employmentModel: null, status: "active" });
    const res = await create({ employment_id: contractor.id });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toMatchObject({ code: "operation_not_available", action: "create_timeoff" });
    const onboarding = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "invited" });
    const notYet = await create({ employment_id: onboarding.id });
    expect(notYet.status).toBe(422);
    expect((await json(notYet)).message).toMatchObject({ code: "employment_status_not_allowed", action: "create_timeoff" });
  });

  it("a company not active answers 409", async () => {
    const { makeTenant } = await import("@/test-support/gateway/factories");
    const pending = await makeTenant(s.gw.deps.db, "sandbox", { status: "review" });
    const emp = await makeEmployment(s.gw.deps.db, pending.company.id, { status: "active" });
    const res = await s.gw.call("POST", "/v1/timeoff", { token: pending.tokens.admin, body: body({ employment_id: emp.id }) });
    expect(res.status).toBe(409);
  });
});
