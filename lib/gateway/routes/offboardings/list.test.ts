import { beforeEach, describe, expect, it } from "vitest";
import { OffboardingListResponseSchema, OffboardingResponseSchema } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
import {
  json,
  keysOf,
  fixturesAvailable,
  readFixture,
  setupPeopleOps,
  tokenWith,
  type PeopleOpsSetup,
} from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

async function create(employmentId: string, confidential = false, token = s.t.tokens.admin) {
  const res = await s.gw.call("POST", "/v1/offboardings", {
    token,
    body: {
      employment_id: employmentId,
      type: "termination",
      termination_details: {
        confidential,
        proposed_termination_date: "2026-02-28",
        termination_reason: "performance",
        reason_description: "Targets missed",
        risk_assessment_reasons: ["none_of_these"],
        will_challenge_termination: false,
      },
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.offboarding.id as string;
}
const list = (q = "", token = s.t.tokens.admin) => s.gw.call("GET", `/v1/offboardings${q}`, { token });

describe("GET /v1/offboardings and /v1/offboardings/{id}", () => {
  it("lists newest first, paginated and filtered; never another company's", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const emp = i === 0 ? s.e : await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
      ids.push(await create(emp.id));
      s.gw.clock.advance(60_000);
    }
    await create(s.otherE.id, false, s.other.tokens.admin);
    const { data } = OffboardingListResponseSchema.parse(await (await list("?page_size=2")).json());
    expect(data.offboardings.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    expect(data).toMatchObject({ current_page: 1, total_count: 3, total_pages: 2 });
    await s.gw.call("PATCH", `/v1/sandbox/offboardings/${ids[0]}`, { token: s.t.tokens.admin, body: { status: "in_review" } });
    const inReview = OffboardingListResponseSchema.parse(await (await list("?status=in_review&type=termination")).json()).data;
    expect(inReview.offboardings.map((o) => o.id)).toEqual([ids[0]]);
    expect(OffboardingListResponseSchema.parse(await (await list(`?employment_id=${s.e.id}`)).json()).data.total_count).toBe(1);
    expect((await list(`?employment_id=${s.otherE.id}`)).status).toBe(404);
    for (const q of ["?type=layoff", "?status=in_progress", "?page_size=101"]) expect((await list(q)).status, q).toBe(400);
    // The provider's type filter knows resignations; Roster has none.
    expect(OffboardingListResponseSchema.parse(await (await list("?type=resignation")).json()).data.offboardings).toEqual([]);
  });

  it("confidential offboardings are visible only to the user who submitted them", async () => {
    const open = await create(s.e.id);
    const secretEmp = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    const secret = await create(secretEmp.id, true, s.t.tokens.owner);
    const asAdmin = OffboardingListResponseSchema.parse(await (await list()).json()).data;
    expect(asAdmin.offboardings.map((o) => o.id)).toEqual([open]);
    const asOwner = OffboardingListResponseSchema.parse(await (await list("?include_confidential=true", s.t.tokens.owner)).json()).data;
    expect(asOwner.offboardings.map((o) => o.id).sort()).toEqual([open, secret].sort());
    // The provider's default leaves confidential requests out, even for their requester.
    const byDefault = OffboardingListResponseSchema.parse(await (await list("", s.t.tokens.owner)).json()).data;
    expect(byDefault.offboardings.map((o) => o.id)).toEqual([open]);
    const adminAsked = OffboardingListResponseSchema.parse(await (await list("?include_confidential=true")).json()).data;
    expect(adminAsked.offboardings.map((o) => o.id)).toEqual([open]);
    expect((await s.gw.call("GET", `/v1/offboardings/${secret}`, { token: s.t.tokens.admin })).status).toBe(404);
    expect(
      OffboardingResponseSchema.parse(await (await s.gw.call("GET", `/v1/offboardings/${secret}`, { token: s.t.tokens.owner })).json()).data
        .offboarding,
    ).toMatchObject({ type: "termination", confidential: true });
  });

  it("shows one; another company's is 404; needs offboarding:read", async () => {
    const id = await create(s.e.id);
    const res = await s.gw.call("GET", `/v1/offboardings/${id}`, { token: s.t.tokens.onboardingManager });
    expect(res.status).toBe(200);
    expect(OffboardingResponseSchema.parse(await res.json()).data.offboarding.id).toBe(id);
    expect((await s.gw.call("GET", `/v1/offboardings/${id}`, { token: s.other.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("GET", "/v1/offboardings/xyz", { token: s.t.tokens.admin })).status).toBe(404);
    expect((await list("", await tokenWith(s.gw, s.t.admin, ["offboarding:write"]))).status).toBe(403);
  });

  it.skipIf(!fixturesAvailable)("the list envelope keeps the example's pagination keys inside data", async () => {
    await create(s.e.id);
    const body = await json(await list());
    expect(keysOf(body.data)).toEqual(keysOf(readFixture("openapi-examples-2024/ListOffboardingResponse.json")));
  });
});
