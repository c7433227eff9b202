import { beforeEach, describe, expect, it } from "vitest";
import { TIMEOFF_TYPES, TimeoffTypesResponseSchema } from "@/lib/contract";
import { fixturesAvailable, keysOf, readFixture, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

describe("GET /v1/timeoff/types", () => {
  it("lists every type with its description (not shadowed by /v1/timeoff/{id})", async () => {
    const res = await s.gw.call("GET", "/v1/timeoff/types", { token: s.t.tokens.admin });
    expect(res.status).toBe(200);
    // The provider's envelope: data.timeoff_types.
    const types = TimeoffTypesResponseSchema.parse(await res.json()).data.timeoff_types;
    expect(types.map((x) => x.name)).toEqual(TIMEOFF_TYPES);
    expect(types.every((x) => x.description.length > 10)).toBe(true);
    for (const type of ["contractor", "full_time"]) {
      const filtered = await s.gw.call("GET", `/v1/timeoff/types?type=${type}`, { token: s.t.tokens.admin });
      expect(TimeoffTypesResponseSchema.parse(await filtered.json()).data.timeoff_types).toEqual(types);
    }
    expect((await s.gw.call("GET", "/v1/timeoff/types?type=intern", { token: s.t.tokens.admin })).status).toBe(400);
    expect((await s.gw.call("GET", "/v1/timeoff/types", { token: await tokenWith(s.gw, s.t.admin, ["employment:read"]) })).status).toBe(
      403,
    );
  });

  it.skipIf(!fixturesAvailable)("items have the fields of the provider's example", async () => {
    const { data } = TimeoffTypesResponseSchema.parse(
      await (await s.gw.call("GET", "/v1/timeoff/types", { token: s.t.tokens.admin })).json(),
    );
    expect(keysOf(data.timeoff_types[0])).toEqual(keysOf(readFixture("openapi-examples-2024/ListTimeoffTypesResponse.json").data));
  });
});
