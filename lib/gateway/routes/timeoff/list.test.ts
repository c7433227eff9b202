import { beforeEach, describe, expect, it } from "vitest";
import { TimeoffListResponseSchema } from "@/lib/contract";
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
async function create(employmentId: string, start: string, end: string, over: Record<string, unknown> = {}, token = s.t.tokens.admin) {
  const res = await s.gw.call("POST", "/v1/timeoff", {
    token,
    body: {
      employment_id: employmentId,
      timeoff_type: "paid_time_off",
      start_date: start,
      end_date: end,
      timezone: "Europe/Lisbon",
      timeoff_days: [day(start)],
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.timeoff as { id: string };
}
const list = (query = "", token = s.t.tokens.admin) => s.gw.call("GET", `/v1/timeoff${query}`, { token });

describe("GET /v1/timeoff", () => {
  it("lists the company's time off newest first, paginated, never another company's", async () => {
    for (const m of ["03", "04", "05"]) await create(s.e.id, `2026-${m}-02`, `2026-${m}-02`);
    await create(s.otherE.id, "2026-03-02", "2026-03-02", {}, s.other.tokens.admin);
    const res = await list("?page_size=2");
    expect(res.status).toBe(200);
    const { data } = TimeoffListResponseSchema.parse(await res.json());
    expect(data.timeoffs.map((x) => x.start_date)).toEqual(["2026-05-02", "2026-04-02"]);
    expect(data).toMatchObject({ current_page: 1, total_count: 3, total_pages: 2 });
    const page2 = TimeoffListResponseSchema.parse(await (await list("?page_size=2&page=2")).json()).data;
    expect(page2.timeoffs.map((x) => x.start_date)).toEqual(["2026-03-02"]);
    const beyond = TimeoffListResponseSchema.parse(await (await list("?page=9")).json()).data;
    expect(beyond).toMatchObject({ timeoffs: [], current_page: 9, total_count: 3, total_pages: 1 });
  });

  it("takes the provider's start_date / end_date window and sort_by / order", async () => {
    await create(s.e.id, "2026-03-02", "2026-03-03", {}, s.t.tokens.admin);
    await create(s.e.id, "2026-04-06", "2026-04-06", { timeoff_type: "sick_leave" });
    await create(s.e.id, "2026-05-04", "2026-05-04");
    const starts = async (q: string) =>
      TimeoffListResponseSchema.parse(await (await list(q)).json()).data.timeoffs.map((x) => x.start_date);
    // Both: every time off overlapping the window, also at its edges.
    expect(await starts("?start_date=2026-03-03&end_date=2026-04-06")).toEqual(["2026-04-06", "2026-03-02"]);
    expect(await starts("?start_date=2026-04-01")).toEqual(["2026-05-04", "2026-04-06"]);
    expect(await starts("?end_date=2026-04-06")).toEqual(["2026-04-06", "2026-03-02"]);
    expect(await starts("?order=asc")).toEqual(["2026-03-02", "2026-04-06", "2026-05-04"]);
    expect((await starts("?sort_by=timeoff_type&order=desc"))[0]).toBe("2026-04-06");
    for (const q of ["?sort_by=end_date", "?order=up", "?start_date=2026-13-01"]) expect((await list(q)).status, q).toBe(400);
  });

  it("page and page_size out of bounds are 400", async () => {
    for (const q of ["?page_size=0", "?page_size=101", "?page_size=abc", "?page=0", "?page=-1", "?page=1.5"]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect((await json(res)).message.code).toBe("invalid_parameter");
    }
    expect((await list("?page_size=100")).status).toBe(200);
  });

  it("filters by employment_id, timeoff_type and status; taken is an approved time off whose last day has passed", async () => {
    const colleague = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    await create(s.e.id, "2026-01-05", "2026-01-06", { status: "approved", timeoff_days: [day("2026-01-05"), day("2026-01-06")] });
    const future = await create(s.e.id, "2026-02-09", "2026-02-09", { status: "approved" });
    await create(s.e.id, "2026-03-09", "2026-03-09", { timeoff_type: "sick_leave" });
    await create(colleague.id, "2026-02-09", "2026-02-09");
    const ids = async (q: string) =>
      TimeoffListResponseSchema.parse(await (await list(q)).json()).data.timeoffs.map((x) => `${x.start_date}:${x.status}`);
    expect(await ids(`?employment_id=${s.e.id}`)).toEqual(["2026-03-09:requested", "2026-02-09:approved", "2026-01-05:taken"]);
    expect(await ids("?status=taken")).toEqual(["2026-01-05:taken"]);
    expect(await ids("?status=approved")).toEqual(["2026-02-09:approved"]);
    expect(await ids("?timeoff_type=sick_leave")).toEqual(["2026-03-09:requested"]);
    expect(await ids(`?employment_id=${colleague.id}&status=requested`)).toEqual(["2026-02-09:requested"]);
    // The clock moves on: the approved one is taken once its day has ended in Lisbon.
    s.gw.clock.set(Date.UTC(2026, 1, 10, 0, 30));
    expect(await ids("?status=taken")).toEqual(["2026-02-09:taken", "2026-01-05:taken"]);
    const shown = await json(await s.gw.call("GET", `/v1/timeoff/${future.id}`, { token: s.t.tokens.admin }));
    expect(shown.data.timeoff.status).toBe("taken");
  });

  it("an unknown filter value is a 400; another company's employment_id a 404", async () => {
    expect((await list("?status=lost")).status).toBe(400);
    expect((await list("?timeoff_type=holiday")).status).toBe(400);
    const res = await list(`?employment_id=${s.otherE.id}`);
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: "Employment not found" });
  });

  it("needs timeoff:read (403); client-credentials tokens act for no company (403)", async () => {
    const wrong = await tokenWith(s.gw, s.t.admin, ["expense:read", "timeoff:write"]);
    expect((await list("", wrong)).status).toBe(403);
    expect((await list("", s.t.tokens.onboardingManager)).status).toBe(200);
    expect((await list("", "ra_test_unknown")).status).toBe(401);
  });
});

describe.skipIf(!fixturesAvailable)("time off response shape", () => {
  it("has the fields of the provider's examples as its current types say (docs/decisions/contract-people-ops.md)", async () => {
    const t = await create(s.e.id, "2026-02-02", "2026-02-02");
    const mine = (await json(await s.gw.call("GET", `/v1/timeoff/${t.id}`, { token: s.t.tokens.admin }))).data.timeoff;
    const example = (readFixture("openapi-examples-2024/TimeoffResponse.json").data as { timeoff: object }).timeoff;
    const listExample = (readFixture("openapi-examples-2024/ListTimeoffResponse.json").timeoffs as object[])[0];
    const current = (readFixture("timeoff.list.approved.json").data as { timeoffs: object[] }).timeoffs[0];
    expect(keysOf(listExample)).toEqual(keysOf(example));
    // types.gen.ts `Timeoff`: total_minutes is new; a time off without a document omits `document`.
    const expected = [...new Set([...keysOf(example), ...keysOf(current), "total_minutes"])].filter((k) => k !== "document");
    expect(keysOf(mine)).toEqual(expected.sort());
    expect(keysOf(mine.timeoff_days[0])).toEqual([...keysOf((example as { timeoff_days: object[] }).timeoff_days[0]), "minutes"].sort());
    expect(keysOf(mine.leave_policy)).toEqual(keysOf((current as { leave_policy: object }).leave_policy));
  });

  it("the list envelope wraps the items in data (DECISIONS.md), unlike the 2024 list example", async () => {
    const body = await json(await list());
    expect(keysOf(body)).toEqual(["data"]);
    expect(keysOf(body.data)).toEqual(keysOf(readFixture("openapi-examples-2024/ListTimeoffResponse.json")));
  });
});
