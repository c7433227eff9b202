import { beforeEach, describe, expect, it } from "vitest";
import { EXPENSE_STATUSES, INCENTIVE_STATUSES, OFFBOARDING_STATUSES, TIMEOFF_STATUSES, type Environment } from "@/lib/contract";
import { ManualClock } from "../clock";
import type { Db } from "../db/client";
import { companies, companyUsers, departments, employmentFiles, employments, offboardings } from "../db/schema";
import { exampleSection, listFormNames } from "../forms";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken } from "@/test-support/gateway/factories";
import { buildDemoRows, demoCompanyId, demoUserId, type DemoRows } from "./build";
import { DEMO } from "./demo";
import { buildPeopleOpsRows, seedPeopleOps } from "./people-ops";

// The people-ops demo data, written over the demo seed's companies and employments, read back through the API.

async function insertDemo(db: Db, rows: DemoRows) {
  await db.insert(companies).values(rows.companies);
  await db.insert(companyUsers).values(rows.users);
  await db.insert(departments).values(rows.departments);
  for (let i = 0; i < rows.employments.length; i += 50) await db.insert(employments).values(rows.employments.slice(i, i + 50));
  await db.insert(employmentFiles).values(rows.files);
}

describe.each<Environment>(["sandbox", "production"])("people-ops demo seed (%s)", (environment) => {
  let gw: TestGateway;
  let demo: DemoRows;
  let token: string;
  const base = new Date(DEMO.baseDate);
  const get = async (path: string) => {
    const res = await gw.call("GET", path, { token });
    // The provider declares 201 for the expense and recurring incentive lists (docs/decisions/contract-people-ops.md).
    expect(res.status, path).toBe(/^\/v1\/(expenses|incentives\/recurring)(\?|$)/.test(path) ? 201 : 200);
    return ((await res.json()) as { data: Record<string, any> }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  beforeEach(async () => {
    gw = await createTestGateway({ environment, clock: new ManualClock(base) });
    demo = buildDemoRows({ environment, passwordHash: null, forms: { listFormNames, exampleSection } });
    await insertDemo(gw.deps.db, demo);
    const key = DEMO.environments[environment].companies[0]!.key;
    token = await makeCustomerToken(gw.deps.db, environment, {
      id: demoUserId(environment, key, "owner"),
      companyId: demoCompanyId(environment, key),
    });
  });

  it("is deterministic", () => {
    const a = buildPeopleOpsRows({ environment, companies: demo.companies, employments: demo.employments });
    const b = buildPeopleOpsRows({ environment, companies: demo.companies, employments: demo.employments });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.timeoffs.length).toBeGreaterThan(10);
  });

  it("the demo company has every status of every area, readable through the API", async () => {
    const counts = await seedPeopleOps(gw.deps.db, {
      environment,
      companies: demo.companies,
      employments: demo.employments,
      clock: new ManualClock(base),
    });
    expect(counts.expenses).toBe(counts.files);
    const statuses = async (path: string, key: string) =>
      new Set(((await get(`${path}?page_size=100`))[key] as { status: string }[]).map((x) => x.status));
    // Every status but the provider's cancel_requested, which Roster never produces.
    expect([...(await statuses("/v1/timeoff", "timeoffs"))].sort()).toEqual(
      TIMEOFF_STATUSES.filter((x) => x !== "cancel_requested").sort(),
    );
    expect([...(await statuses("/v1/expenses", "expenses"))].sort()).toEqual([...EXPENSE_STATUSES].sort());
    expect([...(await statuses("/v1/incentives", "incentives"))].sort()).toEqual([...INCENTIVE_STATUSES].sort());
    // Offboardings follow the employments being offboarded: every status exists in the environment
    // (the production demo company has a single active employee, so no request in review).
    const inDemoCompany = await statuses("/v1/offboardings", "offboardings");
    expect([...inDemoCompany].every((x) => (OFFBOARDING_STATUSES as readonly string[]).includes(x))).toBe(true);
    const everywhere = new Set((await gw.deps.db.select({ s: offboardings.status }).from(offboardings)).map((r) => r.s));
    expect([...everywhere].sort()).toEqual([...OFFBOARDING_STATUSES].sort());
    expect([...(await statuses("/v1/incentives/recurring", "recurring_incentives"))].sort()).toEqual(["active", "inactive"]);
  });

  it("is consistent with the API's rules: no overlapping time off, balances add up, receipts download, offboardings match", async () => {
    await seedPeopleOps(gw.deps.db, { environment, companies: demo.companies, employments: demo.employments });
    const timeoffs = (await get("/v1/timeoff?page_size=100")).timeoffs as {
      employment_id: string;
      status: string;
      start_date: string;
      end_date: string;
    }[];
    const holding = timeoffs.filter((t) => ["requested", "approved", "taken"].includes(t.status));
    for (const a of holding)
      for (const b of holding)
        if (a !== b && a.employment_id === b.employment_id) expect(a.end_date < b.start_date || b.end_date < a.start_date).toBe(true);

    const withExtras = timeoffs[0]!.employment_id;
    const balance = (await get(`/v1/timeoff-balances/${withExtras}`)).timeoff_balance;
    expect(
      balance.timeoff_entitlements.some(
        (x: { expiry_date: string | null; can_expire: boolean }) => x.expiry_date === null && !x.can_expire,
      ),
    ).toBe(true);
    const entitled = balance.timeoff_entitlements.reduce((n: number, x: { entitled: { days: number } }) => n + x.entitled.days, 0);
    expect(entitled).toBe(balance.total_entitled_days);

    const expense = ((await get("/v1/expenses")).expenses as { id: string }[])[0]!;
    const receipt = await gw.call("GET", `/v1/expenses/${expense.id}/receipt`, { token });
    expect(receipt.status).toBe(200);
    expect(["application/pdf", "image/png"]).toContain(receipt.headers.get("content-type"));

    // Every request matches its employment's status (a canceled one is history: the employment may be in any state).
    const offboardings = (await get("/v1/offboardings?page_size=100")).offboardings as { employment_id: string; status: string }[];
    for (const o of offboardings.filter((x) => x.status !== "canceled")) {
      const e = (await get(`/v1/employments/${o.employment_id}`)).employment as { status: string };
      expect(e.status, o.status).toBe({ submitted: "offboarding", in_review: "offboarding", done: "archived" }[o.status]);
    }
    expect(offboardings.some((o) => o.status === "submitted")).toBe(true);
  });

  it("recurring incentives keep generating as the clock moves on", async () => {
    await seedPeopleOps(gw.deps.db, { environment, companies: demo.companies, employments: demo.employments });
    const before = (await get("/v1/incentives?page_size=1")).total_count as number;
    const active = ((await get("/v1/incentives/recurring")).recurring_incentives as { status: string }[]).filter(
      (r) => r.status === "active",
    ).length;
    gw.clock.set(Date.UTC(2026, 1, 28, 12));
    expect((await get("/v1/incentives?page_size=1")).total_count).toBe(before + active);
  });
});
