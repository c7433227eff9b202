import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { TimeoffBalanceResponseSchema } from "@/lib/contract";
import { timeoffEntitlements } from "../../db/schema";
import { makeEmployment } from "@/test-support/gateway/factories";
import {
  fixturesAvailable,
  json,
  keysOf,
  readFixture,
  setupPeopleOps,
  tokenWith,
  type PeopleOpsSetup,
} from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const day = (d: string, hours = 8) => ({ day: d, hours });
async function timeoff(days: { day: string; hours: number }[], over: Record<string, unknown> = {}) {
  const res = await s.gw.call("POST", "/v1/timeoff", {
    token: s.t.tokens.admin,
    body: {
      employment_id: s.e.id,
      timeoff_type: "paid_time_off",
      start_date: days[0]!.day,
      end_date: days.at(-1)!.day,
      timezone: "Europe/Lisbon",
      timeoff_days: days,
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.timeoff.id as string;
}
const balance = async (id = s.e.id, token = s.t.tokens.admin) => s.gw.call("GET", `/v1/timeoff-balances/${id}`, { token });
const parsed = async () => TimeoffBalanceResponseSchema.parse(await (await balance()).json()).data.timeoff_balance;

describe("GET /v1/timeoff-balances/{employment_id}", () => {
  it("starts from the contract: contractual_entitled is an integer, the annual entitlement expires at year end", async () => {
    const res = await balance();
    expect(res.status).toBe(200);
    const b = TimeoffBalanceResponseSchema.parse(await res.json()).data.timeoff_balance;
    // The provider's TimeoffBalance does not name its employment (the path does).
    expect(b).not.toHaveProperty("employment_id");
    expect(b).toMatchObject({
      contractual_entitled: 22,
      contractual_leave_entitlement_type: "fixed",
      total_entitled_days: 22,
      working_hours_per_day: 8,
      taken: { days: 0, hours: 0 },
      upcoming_approved: { days: 0, hours: 0 },
      upcoming_requested: { days: 0, hours: 0 },
    });
    expect(b.timeoff_entitlements).toEqual([
      {
        type: "annual_paid_timeoff",
        name: "Annual paid time off",
        entitled: { days: 22, hours: 0 },
        taken: { days: 0, hours: 0 },
        remaining: { days: 22, hours: 0 },
        expiry_date: "2026-12-31",
        can_expire: true,
      },
    ]);
  });

  it("approved days reduce the remaining balance (taken when past, upcoming otherwise); requested, cancelled and other types do not", async () => {
    await timeoff([day("2026-01-07"), day("2026-01-08", 4)], { status: "approved" }); // past: 1.5 days taken
    await timeoff([day("2026-02-02"), day("2026-02-03")], { status: "approved" }); // upcoming approved: 2 days
    await timeoff([day("2026-03-02")]); // requested: reported only
    const cancelled = await timeoff([day("2026-04-06")], { status: "approved" });
    await s.gw.call("PATCH", `/v1/timeoff/${cancelled}`, { token: s.t.tokens.admin, body: { status: "cancelled", cancel_reason: "x" } });
    await timeoff([day("2026-05-04")], { timeoff_type: "sick_leave", status: "approved" });
    await timeoff([day("2025-12-29")], { status: "approved" }); // last year: not this year's balance
    const b = await parsed();
    expect(b.taken).toEqual({ days: 1, hours: 4 });
    expect(b.upcoming_approved).toEqual({ days: 2, hours: 0 });
    expect(b.upcoming_requested).toEqual({ days: 1, hours: 0 });
    expect(b.timeoff_entitlements[0]).toMatchObject({
      entitled: { days: 22, hours: 0 },
      taken: { days: 3, hours: 4 },
      remaining: { days: 18, hours: 4 },
    });
    // Approving the request reduces the balance too.
    const list = await json(await s.gw.call("GET", "/v1/timeoff?status=requested", { token: s.t.tokens.admin }));
    await s.gw.call("PATCH", `/v1/timeoff/${list.data.timeoffs[0].id}`, { token: s.t.tokens.admin, body: { status: "approved" } });
    expect((await parsed()).timeoff_entitlements[0]!.remaining).toEqual({ days: 17, hours: 4 });
  });

  it("extra entitlements: expiry_date null (never an empty string) when they do not expire; usage drawn from what expires first", async () => {
    const base = { companyId: s.t.company.id, employmentId: s.e.id, createdAt: new Date(), id: randomUUID() };
    await s.gw.deps.db.insert(timeoffEntitlements).values([
      { ...base, type: "carryover_pto", name: "Carried over from 2025", days: 3, expiryDate: "2026-03-31" },
      { ...base, id: randomUUID(), type: "additional_pto", name: "Seniority days", days: 2, expiryDate: null },
      { ...base, id: randomUUID(), type: "transfer_pto", name: "Expired transfer", days: 5, expiryDate: "2026-01-01" },
    ]);
    await timeoff([day("2026-02-02"), day("2026-02-03"), day("2026-02-04"), day("2026-02-05")], { status: "approved" });
    const b = await parsed();
    expect(b.total_entitled_days).toBe(27);
    expect(b.contractual_entitled).toBe(22);
    const byType = Object.fromEntries(b.timeoff_entitlements.map((x) => [x.type, x]));
    expect(Object.keys(byType)).toEqual(["annual_paid_timeoff", "carryover_pto", "additional_pto"]);
    expect(byType.carryover_pto).toMatchObject({
      taken: { days: 3, hours: 0 },
      remaining: { days: 0, hours: 0 },
      expiry_date: "2026-03-31",
      can_expire: true,
    });
    expect(byType.annual_paid_timeoff).toMatchObject({ taken: { days: 1, hours: 0 }, remaining: { days: 21, hours: 0 } });
    expect(byType.additional_pto).toMatchObject({ expiry_date: null, can_expire: false, remaining: { days: 2, hours: 0 } });
    const raw = await json(await balance());
    expect(raw.data.timeoff_balance.timeoff_entitlements.find((x: { type: string }) => x.type === "additional_pto").expiry_date).toBeNull();
  });

  it("a contract without paid time off gives 0; part-time weekly hours set the working hours per day", async () => {
    const partTime = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active", contractDetails: { work_hours_per_week: 20 } });
    const b = TimeoffBalanceResponseSchema.parse(await (await balance(partTime.id)).json()).data.timeoff_balance;
    expect(b).toMatchObject({ contractual_entitled: 0, working_hours_per_day: 4, total_entitled_days: 0 });
  });

  it("another company's employment is 404; a contractor 422; needs timeoff:read", async () => {
    expect((await balance(s.otherE.id)).status).toBe(404);
    expect((await balance("nope")).status).toBe(404);
    const contractor = await makeEmployment(s.gw.deps.db, s.t.company.id, { type: "contractor", employmentModel: null, status: "active" });
    const res = await balance(contractor.id);
    expect(res.status).toBe(422);
    expect((await json(res)).message).toMatchObject({ code: "operation_not_available", action: "show_timeoff_balance" });
    expect((await balance(s.e.id, await tokenWith(s.gw, s.t.admin, ["timeoff:write"]))).status).toBe(403);
  });

  it.skipIf(!fixturesAvailable)("response shape against the provider's example (documented differences)", async () => {
    const mine = (await json(await balance())).data.timeoff_balance;
    const example = (readFixture("openapi-examples-2024/TimeoffBalanceResponse.json").data as { timeoff_balance: Record<string, unknown> })
      .timeoff_balance;
    // docs/decisions/areas-people-ops-response-shapes.md: spec 2.5 renames leave_entitlements to timeoff_entitlements
    // and makes contractual_entitled an integer; the provider's model adds the other fields.
    const renamed = keysOf(example).map((k) => (k === "leave_entitlements" ? "timeoff_entitlements" : k));
    const extras = ["contractual_leave_entitlement_type", "upcoming_approved", "upcoming_requested"];
    expect(keysOf(mine)).toEqual([...renamed, ...extras].sort());
    expect(typeof example.contractual_entitled).toBe("object");
    expect(Number.isInteger(mine.contractual_entitled)).toBe(true);
    const exampleEntitlement = (example.leave_entitlements as object[])[0];
    expect(keysOf(mine.timeoff_entitlements[0])).toEqual([...keysOf(exampleEntitlement), "can_expire"].sort());
  });
});
