import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { incentives } from "../db/schema";
import { json, setupPeopleOps, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

// Races that only a real database shows (run with TEST_DB=postgres too): the checks are made under
// row locks, so concurrent requests cannot both pass them.

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

describe("people-ops under concurrent requests", () => {
  it("two overlapping time off requests at once: exactly one is created", async () => {
    const body = {
      employment_id: s.e.id,
      timeoff_type: "paid_time_off",
      start_date: "2026-02-02",
      end_date: "2026-02-02",
      timezone: "UTC",
      timeoff_days: [{ day: "2026-02-02", hours: 8 }],
    };
    const results = await Promise.all([1, 2, 3].map(() => s.gw.call("POST", "/v1/timeoff", { token: s.t.tokens.admin, body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });

  it("concurrent reads that generate monthly incentives create each month once", async () => {
    const res = await s.gw.call("POST", "/v1/incentives/recurring", {
      token: s.t.tokens.admin,
      body: { employment_id: s.e.id, type: "meal_allowance", amount: 1000, amount_tax_type: "net", effective_date: "2026-01-20" },
    });
    const id = (await json(res)).data.recurring_incentive.id as string;
    s.gw.clock.set(Date.UTC(2026, 5, 1));
    await Promise.all(
      [1, 2, 3, 4].map((i) => s.gw.call("GET", i % 2 ? "/v1/incentives" : "/v1/incentives/recurring", { token: s.t.tokens.admin })),
    );
    const rows = await s.gw.deps.db.select({ d: incentives.effectiveDate }).from(incentives).where(eq(incentives.recurringIncentiveId, id));
    expect(rows.map((r) => r.d).sort()).toEqual(["2026-01-20", "2026-02-20", "2026-03-20", "2026-04-20", "2026-05-20", "2026-06-20"]);
  });

  it("deleting an incentive while payroll takes it: never both", async () => {
    const created = await json(
      await s.gw.call("POST", "/v1/incentives", {
        token: s.t.tokens.admin,
        body: { employment_id: s.e.id, type: "bonus", amount: 1000, amount_tax_type: "gross", effective_date: "2026-02-01" },
      }),
    );
    const id = created.data.incentive.id as string;
    const [del, pay] = await Promise.all([
      s.gw.call("DELETE", `/v1/incentives/${id}`, { token: s.t.tokens.admin }),
      s.gw.call("PATCH", `/v1/sandbox/incentives/${id}`, { token: s.t.tokens.admin, body: { status: "processing" } }),
    ]);
    expect([del.status, pay.status].sort()).toEqual(del.status === 200 ? [200, 404] : [200, 409]);
  });
});
