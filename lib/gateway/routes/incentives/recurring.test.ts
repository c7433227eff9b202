import { beforeEach, describe, expect, it } from "vitest";
import {
  DeleteRecurringIncentiveResponseSchema,
  IncentiveListResponseSchema,
  RecurringIncentiveListResponseSchema,
  RecurringIncentiveResponseSchema,
} from "@/lib/contract";
import { generateRecurringIncentives, monthlyOccurrence } from "../../services/incentives";
import {
  eventsOf,
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

async function createRecurring(over: Record<string, unknown> = {}, token = s.t.tokens.admin) {
  return s.gw.call("POST", "/v1/incentives/recurring", {
    token,
    body: {
      employment_id: s.e.id,
      type: "meal_allowance",
      amount: 15000,
      amount_tax_type: "net",
      effective_date: "2026-01-20",
      note: "Lunch",
      ...over,
    },
  });
}
const incentivesOf = async (recurringId: string) =>
  IncentiveListResponseSchema.parse(
    await (
      await s.gw.call("GET", `/v1/incentives?recurring_incentive_id=${recurringId}&page_size=100`, { token: s.t.tokens.admin })
    ).json(),
  ).data.incentives.map((i) => i.effective_date);

describe("monthly recurrence", () => {
  it("repeats the day of month; the 28th–31st mean the last day of every month", () => {
    expect([0, 1, 2].map((k) => monthlyOccurrence("2026-01-20", k))).toEqual(["2026-01-20", "2026-02-20", "2026-03-20"]);
    expect([0, 1, 2, 13].map((k) => monthlyOccurrence("2026-01-31", k))).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2027-02-28"]);
    expect(monthlyOccurrence("2027-12-29", 2)).toBe("2028-02-29");
  });
});

describe("POST/GET/DELETE /v1/incentives/recurring", () => {
  it("creates a monthly incentive (201) and generates this month's one-time incentive at once", async () => {
    const res = await createRecurring({ duration_in_months: 3 });
    expect(res.status).toBe(201);
    const { recurring_incentive } = RecurringIncentiveResponseSchema.parse(await res.json()).data;
    expect(recurring_incentive).toMatchObject({
      type: "meal_allowance",
      status: "active",
      amount: 15000,
      start_date: "2026-01-20",
      end_date: "2026-03-20",
      note: "Lunch",
    });
    expect(await incentivesOf(recurring_incentive.id)).toEqual(["2026-01-20"]);
    expect(await eventsOf(s.gw, "incentive.created")).toHaveLength(1);
  });

  it("generates the following months as the clock reaches them, once each, up to the end date", async () => {
    const { recurring_incentive: r } = (await json(await createRecurring({ duration_in_months: 3 }))).data;
    s.gw.clock.set(Date.UTC(2026, 2, 1, 8)); // 1 March: February's and March's are due
    expect(await incentivesOf(r.id)).toEqual(["2026-03-20", "2026-02-20", "2026-01-20"]);
    expect(await incentivesOf(r.id)).toHaveLength(3);
    // Generation is idempotent, whoever calls it.
    expect(await generateRecurringIncentives(s.gw.deps.db, s.gw.clock.now())).toBe(0);
    s.gw.clock.set(Date.UTC(2026, 6, 1));
    expect(await incentivesOf(r.id)).toHaveLength(3);
    const list = RecurringIncentiveListResponseSchema.parse(
      await (await s.gw.call("GET", "/v1/incentives/recurring", { token: s.t.tokens.admin })).json(),
    ).data;
    expect(list.recurring_incentives.map((x) => x.status)).toEqual(["inactive"]);
    expect(await eventsOf(s.gw, "incentive.created")).toHaveLength(3);
  });

  it("a generated incentive deleted by hand is not generated again", async () => {
    const { recurring_incentive: r } = (await json(await createRecurring())).data;
    const list = IncentiveListResponseSchema.parse(
      await (await s.gw.call("GET", "/v1/incentives", { token: s.t.tokens.admin })).json(),
    ).data;
    expect((await s.gw.call("DELETE", `/v1/incentives/${list.incentives[0]!.id}`, { token: s.t.tokens.admin })).status).toBe(200);
    expect(await incentivesOf(r.id)).toEqual([]);
    s.gw.clock.set(Date.UTC(2026, 1, 21));
    expect(await incentivesOf(r.id)).toEqual(["2026-02-20"]);
  });

  it("lists the company's recurring incentives, paginated and filtered; never another company's", async () => {
    await createRecurring();
    await createRecurring({ effective_date: "2026-02-01", type: "internet_allowance" });
    await s.gw.call("POST", "/v1/incentives/recurring", {
      token: s.other.tokens.admin,
      body: { employment_id: s.otherE.id, type: "stipend", amount: 1, amount_tax_type: "net", effective_date: "2026-02-01" },
    });
    const res = await s.gw.call("GET", "/v1/incentives/recurring?page_size=1", { token: s.t.tokens.onboardingManager });
    // The provider declares 201 for this read (docs/decisions/contract-people-ops.md).
    expect(res.status).toBe(201);
    const { data } = RecurringIncentiveListResponseSchema.parse(await res.json());
    expect(data).toMatchObject({ current_page: 1, total_count: 2, total_pages: 2 });
    expect(data.recurring_incentives.map((r) => r.type)).toEqual(["internet_allowance"]);
    expect((await s.gw.call("GET", `/v1/incentives/recurring?employment_id=${s.otherE.id}`, { token: s.t.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("GET", "/v1/incentives/recurring?page_size=0", { token: s.t.tokens.admin })).status).toBe(400);
    // The provider's filters: type, a text of the note, status active | inactive (its "deactive" too).
    const filtered = async (q: string) =>
      RecurringIncentiveListResponseSchema.parse(
        await (await s.gw.call("GET", `/v1/incentives/recurring${q}`, { token: s.t.tokens.admin })).json(),
      ).data.recurring_incentives;
    expect((await filtered("?type=internet_allowance")).map((r) => r.type)).toEqual(["internet_allowance"]);
    expect(await filtered("?status=deactive")).toEqual([]);
    expect(await filtered("?status=inactive")).toEqual([]);
    expect(await filtered("?status=active")).toHaveLength(2);
    expect(await filtered("?note=LUNCH")).toHaveLength(2);
    expect(await filtered("?note=rent")).toEqual([]);
    expect((await s.gw.call("GET", "/v1/incentives/recurring?status=completed", { token: s.t.tokens.admin })).status).toBe(400);
  });

  it("takes duration_in_months as the provider's string", async () => {
    const res = await createRecurring({ duration_in_months: "3", effective_date: "2026-02-01" });
    expect(res.status).toBe(201);
    expect((await json(res)).data.recurring_incentive.end_date).toBe("2026-04-01");
    expect((await json(await createRecurring({ duration_in_months: "three" }))).errors).toHaveProperty("duration_in_months");
  });

  it("validates: a signing bonus cannot recur, the start is today or later, duration 1..120 months", async () => {
    const res = await createRecurring({ type: "signing_bonus", effective_date: "2025-12-01", duration_in_months: 0 });
    expect(res.status).toBe(422);
    expect(Object.keys((await json(res)).errors).sort()).toEqual(["duration_in_months", "type"]);
    expect(await json(await createRecurring({ effective_date: "2025-12-01" }))).toEqual({
      errors: { effective_date: ["must be today or a later date"] },
    });
    expect((await createRecurring({ employment_id: s.otherE.id })).status).toBe(404);
    expect((await createRecurring({}, s.t.tokens.onboardingManager)).status).toBe(403);
  });

  it("delete stops the recurrence and returns the incentives already scheduled", async () => {
    const { recurring_incentive: r } = (await json(await createRecurring())).data;
    s.gw.clock.set(Date.UTC(2026, 1, 5));
    const res = await s.gw.call("DELETE", `/v1/incentives/recurring/${r.id}`, { token: s.t.tokens.admin });
    expect(res.status).toBe(200);
    const { data } = DeleteRecurringIncentiveResponseSchema.parse(await res.json());
    expect(data.status).toBe("ok");
    expect(data.already_scheduled_incentives.map((i) => [i.effective_date, i.recurring_incentive_id])).toEqual([
      ["2026-01-20", r.id],
      ["2026-02-20", r.id],
    ]);
    s.gw.clock.set(Date.UTC(2026, 5, 5));
    expect(await incentivesOf(r.id)).toHaveLength(2);
    expect((await s.gw.call("GET", "/v1/incentives/recurring", { token: s.t.tokens.admin }).then(json)).data.total_count).toBe(0);
    expect((await s.gw.call("DELETE", `/v1/incentives/recurring/${r.id}`, { token: s.t.tokens.admin })).status).toBe(404);
  });

  it("delete: 404 across companies, 403 without incentive:write", async () => {
    const { recurring_incentive: r } = (await json(await createRecurring())).data;
    expect((await s.gw.call("DELETE", `/v1/incentives/recurring/${r.id}`, { token: s.other.tokens.admin })).status).toBe(404);
    expect(
      (await s.gw.call("DELETE", `/v1/incentives/recurring/${r.id}`, { token: await tokenWith(s.gw, s.t.admin, ["incentive:read"]) }))
        .status,
    ).toBe(403);
  });

  it.skipIf(!fixturesAvailable)("response shapes: recurring incentive and delete response match the provider's examples", async () => {
    const created = (await json(await createRecurring())).data.recurring_incentive;
    const example = (readFixture("openapi-examples-2024/RecurringIncentiveResponse.json").data as { recurring_incentive: object })
      .recurring_incentive;
    expect(keysOf(created)).toEqual(keysOf(example));
    expect(keysOf((readFixture("openapi-examples-2024/ListRecurringIncentivesResponse.json").recurring_incentives as object[])[0])).toEqual(
      keysOf(example),
    );
    const deleted = await json(await s.gw.call("DELETE", `/v1/incentives/recurring/${created.id}`, { token: s.t.tokens.admin }));
    const delExample = readFixture("openapi-examples-2024/DeleteRecurringIncentiveResponse.json").data as {
      already_scheduled_incentives: object[];
    };
    expect(keysOf(deleted.data)).toEqual(keysOf(delExample));
    expect(keysOf(deleted.data.already_scheduled_incentives[0])).toEqual(keysOf(delExample.already_scheduled_incentives[0]));
  });
});
