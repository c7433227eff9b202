import { beforeEach, describe, expect, it } from "vitest";
import { TimeoffResponseSchema } from "@/lib/contract";
import { json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

describe("GET /v1/timeoff/{id}", () => {
  it("shows a time off of the company; another company's, an unknown or a malformed id is 404", async () => {
    const created = await json(
      await s.gw.call("POST", "/v1/timeoff", {
        token: s.t.tokens.admin,
        body: {
          employment_id: s.e.id,
          timeoff_type: "sick_leave",
          start_date: "2026-01-20",
          end_date: "2026-01-20",
          timezone: "UTC",
          timeoff_days: [{ day: "2026-01-20", hours: 8 }],
        },
      }),
    );
    const id = created.data.timeoff.id as string;
    const res = await s.gw.call("GET", `/v1/timeoff/${id}`, { token: s.t.tokens.onboardingManager });
    expect(res.status).toBe(200);
    expect(TimeoffResponseSchema.parse(await res.json()).data.timeoff).toEqual(created.data.timeoff);
    for (const [token, path] of [
      [s.other.tokens.admin, `/v1/timeoff/${id}`],
      [s.t.tokens.admin, "/v1/timeoff/00000000-0000-4000-8000-000000000000"],
      [s.t.tokens.admin, "/v1/timeoff/nope"],
    ] as const) {
      const r = await s.gw.call("GET", path, { token });
      expect(r.status).toBe(404);
      expect(await json(r)).toEqual({ message: "Time off not found" });
    }
    expect((await s.gw.call("GET", `/v1/timeoff/${id}`, { token: await tokenWith(s.gw, s.t.admin, ["employment:read"]) })).status).toBe(
      403,
    );
  });
});
