import { beforeEach, describe, expect, it } from "vitest";
import { IncentiveListResponseSchema, IncentiveResponseSchema } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
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

async function create(over: Record<string, unknown> = {}, token = s.t.tokens.admin) {
  const res = await s.gw.call("POST", "/v1/incentives", {
    token,
    body: { employment_id: s.e.id, type: "bonus", amount: 100000, amount_tax_type: "gross", effective_date: "2026-02-01", ...over },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.incentive.id as string;
}
const sandbox = (id: string, status: string, token = s.t.tokens.admin) =>
  s.gw.call("PATCH", `/v1/sandbox/incentives/${id}`, { token, body: { status } });

describe("GET /v1/incentives and /v1/incentives/{id}", () => {
  it("lists newest first, paginated, filtered; shows one; 404 across companies", async () => {
    for (const d of ["2026-02-01", "2026-03-01", "2026-04-01"]) await create({ effective_date: d });
    await s.gw.call("POST", "/v1/incentives", {
      token: s.other.tokens.admin,
      body: { employment_id: s.otherE.id, type: "bonus", amount: 1, amount_tax_type: "net", effective_date: "2026-02-01" },
    });
    const page = IncentiveListResponseSchema.parse(
      await (await s.gw.call("GET", "/v1/incentives?page_size=2&page=2", { token: s.t.tokens.admin })).json(),
    ).data;
    expect(page).toMatchObject({ current_page: 2, total_count: 3, total_pages: 2 });
    expect(page.incentives.map((i) => i.effective_date)).toEqual(["2026-02-01"]);
    const id = page.incentives[0]!.id;
    await sandbox(id, "paid");
    const paid = IncentiveListResponseSchema.parse(
      await (await s.gw.call("GET", "/v1/incentives?status=paid", { token: s.t.tokens.admin })).json(),
    ).data;
    expect(paid.incentives.map((i) => i.id)).toEqual([id]);
    expect((await s.gw.call("GET", `/v1/incentives?employment_id=${s.otherE.id}`, { token: s.t.tokens.admin })).status).toBe(404);
    for (const q of ["?page_size=500", "?status=late"])
      expect((await s.gw.call("GET", `/v1/incentives${q}`, { token: s.t.tokens.admin })).status).toBe(400);
    const shown = await s.gw.call("GET", `/v1/incentives/${id}`, { token: s.t.tokens.onboardingManager });
    expect(IncentiveResponseSchema.parse(await shown.json()).data.incentive.status).toBe("paid");
    expect((await s.gw.call("GET", `/v1/incentives/${id}`, { token: s.other.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("GET", `/v1/incentives/${id}`, { token: await tokenWith(s.gw, s.t.admin, ["incentive:write"]) })).status).toBe(
      403,
    );
  });

  it.skipIf(!fixturesAvailable)("response shape: exactly the fields of the provider's example", async () => {
    const id = await create();
    const mine = (await json(await s.gw.call("GET", `/v1/incentives/${id}`, { token: s.t.tokens.admin }))).data.incentive;
    const example = (readFixture("openapi-examples-2024/IncentiveResponse.json").data as { incentive: object }).incentive;
    expect(keysOf(mine)).toEqual(keysOf(example));
    expect(keysOf((readFixture("openapi-examples-2024/ListIncentivesResponse.json").incentives as object[])[0])).toEqual(keysOf(example));
  });
});

describe("PUT/PATCH and DELETE /v1/incentives/{id}", () => {
  it("updates a pending incentive (incentive.updated); employment_id cannot change", async () => {
    const id = await create();
    const res = await s.gw.call("PUT", `/v1/incentives/${id}`, {
      token: s.t.tokens.admin,
      body: { amount: 120000, effective_date: "2026-03-10", note: "Raised" },
    });
    expect(res.status).toBe(200);
    expect(IncentiveResponseSchema.parse(await res.json()).data.incentive).toMatchObject({
      amount: 120000,
      effective_date: "2026-03-10",
      expected_payout_date: "2026-03-31",
      note: "Raised",
    });
    expect(await eventsOf(s.gw, "incentive.updated")).toHaveLength(1);
    const colleague = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect(
      await json(await s.gw.call("PATCH", `/v1/incentives/${id}`, { token: s.t.tokens.admin, body: { employment_id: colleague.id } })),
    ).toEqual({ errors: { employment_id: ["cannot be changed"] } });
    expect(
      (await json(await s.gw.call("PATCH", `/v1/incentives/${id}`, { token: s.t.tokens.admin, body: { effective_date: "2025-12-01" } })))
        .errors,
    ).toEqual({ effective_date: ["must be today or a later date"] });
  });

  it("keeps the provider's period_start / period_end (omitted when not given; the end not before the start)", async () => {
    const plain = await create();
    const shown = async (id: string) =>
      (await json(await s.gw.call("GET", `/v1/incentives/${id}`, { token: s.t.tokens.admin }))).data.incentive;
    expect(await shown(plain)).not.toHaveProperty("period_start");
    const id = await create({ period_start: "2026-01-01", period_end: "2026-01-31", note: null });
    expect(await shown(id)).toMatchObject({ period_start: "2026-01-01", period_end: "2026-01-31" });
    const patch = (body: unknown) => s.gw.call("PATCH", `/v1/incentives/${id}`, { token: s.t.tokens.admin, body });
    expect(await json(await patch({ period_end: "2025-12-31" }))).toEqual({ errors: { period_end: ["must not be before period_start"] } });
    expect((await json(await patch({ period_start: null, period_end: null }))).data.incentive).not.toHaveProperty("period_end");
  });

  it("deletes a pending incentive (incentive.deleted)", async () => {
    const id = await create();
    const res = await s.gw.call("DELETE", `/v1/incentives/${id}`, { token: s.t.tokens.admin });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { status: "ok" } });
    expect(await eventsOf(s.gw, "incentive.deleted")).toEqual([
      { event_type: "incentive.deleted", incentive_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
    expect((await s.gw.call("GET", `/v1/incentives/${id}`, { token: s.t.tokens.admin })).status).toBe(404);
  });

  it("processing and paid incentives can be neither updated nor deleted (409)", async () => {
    const processing = await create();
    const paid = await create({ effective_date: "2026-02-02" });
    expect((await sandbox(processing, "processing")).status).toBe(200);
    expect((await sandbox(paid, "paid")).status).toBe(200);
    for (const [id, status] of [
      [processing, "processing"],
      [paid, "paid"],
    ] as const) {
      const del = await s.gw.call("DELETE", `/v1/incentives/${id}`, { token: s.t.tokens.admin });
      expect(del.status).toBe(409);
      expect(await json(del)).toEqual({ message: `An incentive in status ${status} cannot be deleted: payroll has taken it` });
      const upd = await s.gw.call("PATCH", `/v1/incentives/${id}`, { token: s.t.tokens.admin, body: { amount: 1 } });
      expect(upd.status).toBe(409);
    }
    expect(await eventsOf(s.gw, "incentive.deleted")).toEqual([]);
  });

  it("404 across companies; 403 for roles and scopes", async () => {
    const id = await create();
    expect((await s.gw.call("DELETE", `/v1/incentives/${id}`, { token: s.other.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("PATCH", `/v1/incentives/${id}`, { token: s.other.tokens.admin, body: { amount: 1 } })).status).toBe(404);
    expect((await s.gw.call("DELETE", `/v1/incentives/${id}`, { token: s.t.tokens.onboardingManager })).status).toBe(403);
    expect(
      (await s.gw.call("DELETE", `/v1/incentives/${id}`, { token: await tokenWith(s.gw, s.t.admin, ["incentive:read"]) })).status,
    ).toBe(403);
  });
});

describe("PATCH /v1/sandbox/incentives/{id}", () => {
  it("moves pending → processing → paid with incentive.processing_started then incentive.paid", async () => {
    const id = await create();
    const p = await sandbox(id, "processing");
    expect((await json(p)).data.incentive.status).toBe("processing");
    expect(await eventsOf(s.gw, "incentive.processing_started")).toEqual([
      { event_type: "incentive.processing_started", incentive_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
    expect((await json(await sandbox(id, "paid"))).data.incentive.status).toBe("paid");
    expect(await eventsOf(s.gw, "incentive.paid")).toHaveLength(1);
    const back = await sandbox(id, "processing");
    expect(back.status).toBe(422);
    expect((await json(back)).message).toMatchObject({ code: "invalid_status_transition" });
    expect((await sandbox(id, "pending")).status).toBe(422);
    const direct = await create({ effective_date: "2026-02-03" });
    await sandbox(direct, "paid");
    expect(await eventsOf(s.gw, "incentive.processing_started")).toHaveLength(2);
  });

  it("answers 404 on production", async () => {
    const prod = await setupPeopleOps({ environment: "production" });
    const res = await prod.gw.call("PATCH", "/v1/sandbox/incentives/00000000-0000-4000-8000-000000000000", {
      token: prod.t.tokens.admin,
      body: { status: "paid" },
    });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: "Route not found" });
  });
});
