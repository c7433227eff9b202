import { beforeEach, describe, expect, it } from "vitest";
import { TimeoffResponseSchema } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
import { json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const day = (d: string, hours = 8) => ({ day: d, hours });
async function create(over: Record<string, unknown> = {}) {
  const res = await s.gw.call("POST", "/v1/timeoff", {
    token: s.t.tokens.admin,
    body: {
      employment_id: s.e.id,
      timeoff_type: "paid_time_off",
      start_date: "2026-02-02",
      end_date: "2026-02-03",
      timezone: "Europe/Lisbon",
      timeoff_days: [day("2026-02-02"), day("2026-02-03")],
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.timeoff.id as string;
}
const patch = (id: string, body: unknown, token = s.t.tokens.admin) => s.gw.call("PATCH", `/v1/timeoff/${id}`, { token, body });

describe("PUT/PATCH /v1/timeoff/{id}", () => {
  it("approves a requested time off (approver: the caller)", async () => {
    const id = await create();
    const res = await patch(id, { status: "approved" }, s.t.tokens.peopleManager);
    expect(res.status).toBe(200);
    expect(TimeoffResponseSchema.parse(await res.json()).data.timeoff).toMatchObject({
      status: "approved",
      approver_id: s.t.peopleManager.id,
      approved_at: "2026-01-15T09:00:00Z",
    });
    // Approving again changes nothing.
    expect((await json(await patch(id, { status: "approved" }))).data.timeoff.approver_id).toBe(s.t.peopleManager.id);
  });

  it("declines with a decline_reason, cancels with a cancel_reason; a missing reason is 422", async () => {
    const a = await create();
    const noReason = await patch(a, { status: "declined" });
    expect(noReason.status).toBe(422);
    expect(await json(noReason)).toEqual({ errors: { decline_reason: ["can't be blank"] } });
    const declined = await json(await patch(a, { status: "declined", decline_reason: "Team offsite that week" }));
    // The reason is kept, but the provider's Timeoff has no field for it (docs/decisions/contract-people-ops.md).
    expect(declined.data.timeoff.status).toBe("declined");
    expect(declined.data.timeoff).not.toHaveProperty("decline_reason");

    const b = await create({ status: "approved", start_date: "2026-03-02", end_date: "2026-03-02", timeoff_days: [day("2026-03-02")] });
    expect(await json(await patch(b, { status: "cancelled" }))).toEqual({ errors: { cancel_reason: ["can't be blank"] } });
    const cancelled = await json(
      await s.gw.call("PUT", `/v1/timeoff/${b}`, {
        token: s.t.tokens.admin,
        body: { status: "cancelled", cancel_reason: "Plans changed" },
      }),
    );
    expect(cancelled.data.timeoff).toMatchObject({
      status: "cancelled",
      cancel_reason: "Plans changed",
      cancelled_at: "2026-01-15T09:00:00Z",
    });
    const misplaced = await patch(b, { cancel_reason: "x" });
    expect((await json(misplaced)).errors).toEqual({ cancel_reason: ["can only be given with status cancelled"] });
  });

  it("refuses transitions that do not exist (422 ActionError)", async () => {
    const approved = await create({ status: "approved" });
    const res = await patch(approved, { status: "declined", decline_reason: "No" });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toEqual({
      code: "invalid_status_transition",
      message: "A time off in status approved cannot become declined",
      action: "decline_timeoff",
    });
    await patch(approved, { status: "cancelled", cancel_reason: "Sick" });
    expect((await json(await patch(approved, { status: "approved" }))).message.code).toBe("invalid_status_transition");
  });

  it("edits dates and days, checking the range and overlaps again", async () => {
    const a = await create();
    await create({ start_date: "2026-02-09", end_date: "2026-02-09", timeoff_days: [day("2026-02-09")] });
    const moved = await patch(a, {
      start_date: "2026-02-16",
      end_date: "2026-02-17",
      timeoff_days: [day("2026-02-17", 4), day("2026-02-16")],
      notes: "Moved",
    });
    expect(moved.status).toBe(200);
    const { timeoff } = TimeoffResponseSchema.parse(await moved.json()).data;
    expect(timeoff).toMatchObject({ start_date: "2026-02-16", end_date: "2026-02-17", notes: "Moved", status: "requested" });
    expect(timeoff.timeoff_days).toEqual([
      { day: "2026-02-16T00:00:00Z", hours: 8, minutes: 480 },
      { day: "2026-02-17T00:00:00Z", hours: 4, minutes: 240 },
    ]);
    const outOfRange = await patch(a, { start_date: "2026-02-18", end_date: "2026-02-18" });
    expect((await json(outOfRange)).errors).toMatchObject({ "timeoff_days.0.day": ["must be between start_date and end_date"] });
    const overlap = await patch(a, { start_date: "2026-02-09", end_date: "2026-02-09", timeoff_days: [day("2026-02-09")] });
    expect(overlap.status).toBe(422);
    expect((await json(overlap)).errors.start_date[0]).toMatch(/^overlaps time off /);
  });

  it("takes the provider's UpdateApprovedTimeoffParams as its client sends it: an empty cancel_reason or edit_reason means not given", async () => {
    const b = await create({ status: "approved", start_date: "2026-03-09", end_date: "2026-03-09", timeoff_days: [day("2026-03-09")] });
    const edited = await patch(b, { edit_reason: "Typo in the notes", cancel_reason: "", notes: "Dentist" });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data.timeoff).toMatchObject({ status: "approved", notes: "Dentist" });
    // Blank both ways is still no reason for an edit of approved time off.
    expect(await json(await patch(b, { edit_reason: " ", cancel_reason: "", notes: "x" }))).toEqual({
      errors: { edit_reason: ["can't be blank"] },
    });
    // And a cancel still needs a real cancel_reason.
    expect(await json(await patch(b, { status: "cancelled", cancel_reason: "", edit_reason: "" }))).toEqual({
      errors: { cancel_reason: ["can't be blank"] },
    });
  });

  it("takes the provider's UpdateApprovedTimeoffParams: an edit of approved time off needs edit_reason; dates as date-times", async () => {
    const b = await create({ status: "approved", start_date: "2026-03-02", end_date: "2026-03-02", timeoff_days: [day("2026-03-02")] });
    expect(await json(await patch(b, { notes: "later" }))).toEqual({ errors: { edit_reason: ["can't be blank"] } });
    const edited = await patch(b, {
      edit_reason: "One more day",
      start_date: "2026-03-02T00:00:00.000Z",
      end_date: "2026-03-03T00:00:00.000Z",
      timeoff_days: [
        { day: "2026-03-02T00:00:00.000Z", hours: 8 },
        { day: "2026-03-03T00:00:00.000Z", hours: 8 },
      ],
      approver_id: null,
    });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data.timeoff).toMatchObject({ status: "approved", end_date: "2026-03-03", total_minutes: 960 });
    // A requested one needs no reason; a cancel takes cancel_reason (and edit_reason is accepted alongside).
    const a = await create();
    expect((await patch(a, { notes: "more" })).status).toBe(200);
    const cancelled = await patch(b, { status: "cancelled", cancel_reason: "Plans changed", edit_reason: "n/a" });
    expect((await json(cancelled)).data.timeoff).toMatchObject({ status: "cancelled", cancel_reason: "Plans changed" });
  });

  it("a taken, declined or cancelled time off can no longer be edited (422 ActionError)", async () => {
    const past = await create({ status: "approved", start_date: "2026-01-05", end_date: "2026-01-05", timeoff_days: [day("2026-01-05")] });
    const res = await patch(past, { notes: "late note" });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toMatchObject({ code: "timeoff_not_editable", action: "update_timeoff" });
    expect((await json(await patch(past, { status: "cancelled", cancel_reason: "x" }))).message.code).toBe("invalid_status_transition");
  });

  it("employment_id may be repeated but not changed (422); unknown properties are 400", async () => {
    const id = await create();
    expect((await patch(id, { employment_id: s.e.id, notes: "same" })).status).toBe(200);
    const colleague = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect(await json(await patch(id, { employment_id: colleague.id }))).toEqual({ errors: { employment_id: ["cannot be changed"] } });
    expect((await patch(id, { status: "approved", approverId: "x" })).status).toBe(400);
  });

  it("another company's time off is 404; scopes and roles are 403", async () => {
    const id = await create();
    expect((await patch(id, { status: "approved" }, s.other.tokens.admin)).status).toBe(404);
    expect((await patch(id, { status: "approved" }, s.t.tokens.onboardingManager)).status).toBe(403);
    expect((await patch(id, { status: "approved" }, await tokenWith(s.gw, s.t.admin, ["timeoff:read"]))).status).toBe(403);
    const colleague = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    const theirs = await create({ employment_id: colleague.id });
    expect((await patch(theirs, { status: "approved" }, s.t.tokens.peopleManager)).status).toBe(403);
  });
});
