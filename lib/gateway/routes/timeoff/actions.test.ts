import { beforeEach, describe, expect, it } from "vitest";
import { TimeoffResponseSchema } from "@/lib/contract";
import { json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const day = (d: string, hours = 8) => ({ day: d, hours });
async function create(start = "2026-02-02", over: Record<string, unknown> = {}) {
  const res = await s.gw.call("POST", "/v1/timeoff", {
    token: s.t.tokens.admin,
    body: {
      employment_id: s.e.id,
      timeoff_type: "paid_time_off",
      start_date: start,
      end_date: start,
      timezone: "Europe/Lisbon",
      timeoff_days: [day(start)],
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.timeoff.id as string;
}
const act = (id: string, action: string, body: unknown, token = s.t.tokens.admin) =>
  s.gw.call("POST", `/v1/timeoff/${id}/${action}`, { token, body });

describe("POST /v1/timeoff/{timeoff_id}/approve|decline|cancel (the provider's actions)", () => {
  it("approves with approver_id null (the caller) or a named approver", async () => {
    const a = await create();
    const res = await act(a, "approve", { approver_id: null }, s.t.tokens.peopleManager);
    expect(res.status).toBe(200);
    expect(TimeoffResponseSchema.parse(await res.json()).data.timeoff).toMatchObject({
      status: "approved",
      approver_id: s.t.peopleManager.id,
    });
    const b = await create("2026-02-09");
    expect((await json(await act(b, "approve", { approver_id: s.t.owner.id }))).data.timeoff.approver_id).toBe(s.t.owner.id);
    expect((await act(b, "approve", {})).status).toBe(422);
  });

  it("declines a requested one, with a reason or null; cancels with a reason", async () => {
    const a = await create();
    const declined = await act(a, "decline", { decline_reason: null });
    expect(declined.status).toBe(200);
    expect((await json(declined)).data.timeoff.status).toBe("declined");
    const b = await create("2026-02-09");
    expect((await json(await act(b, "decline", { decline_reason: "Team offsite" }))).data.timeoff.status).toBe("declined");
    const c = await create("2026-02-16", { status: "approved" });
    expect((await act(c, "decline", { decline_reason: "late" })).status).toBe(422);
    expect((await json(await act(c, "cancel", {}))).errors).toHaveProperty("cancel_reason");
    const cancelled = await json(await act(c, "cancel", { cancel_reason: "Plans changed" }));
    expect(cancelled.data.timeoff).toMatchObject({ status: "cancelled", cancel_reason: "Plans changed" });
  });

  it("another company's time off is 404; without timeoff:write 403", async () => {
    const a = await create();
    expect((await act(a, "approve", { approver_id: null }, s.other.tokens.admin)).status).toBe(404);
    expect((await act(a, "cancel", { cancel_reason: "x" }, await tokenWith(s.gw, s.t.admin, ["timeoff:read"]))).status).toBe(403);
  });
});
