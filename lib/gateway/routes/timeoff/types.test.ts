import { beforeEach, describe, expect, it } from "vitest";
import { TIMEOFF_TYPES, TimeoffTypesResponseSchema } from "@/lib/contract";
import { fixturesAvailable, keysOf, readFixture, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "../people-ops-testing";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

describe("GET /v1/timeoff/types", () => {
  it("lists every type with its description (not shadowed by /v1/timeoff/{id})", async () => {
    const res = await s.gw.call("GET", "/v1/timeoff/types", { token: s.t.tokens.admin });
    expect(res.status).toBe(200);
    const { data } = TimeoffTypesResponseSchema.parse(await res.json());
    expect(data.map((x) => x.name)).toEqual(TIMEOFF_TYPES);
    expect(data.every((x) => x.description.length > 10)).toBe(true);
    expect((await s.gw.call("GET", "/v1/timeoff/types", { token: await tokenWith(s.gw, s.t.admin, ["employment:read"]) })).status).toBe(
      403,
    );
  });

  it.skipIf(!fixturesAvailable)("items have the fields of the provider's example", async () => {
    const { data } = TimeoffTypesResponseSchema.parse(
      await (await s.gw.call("GET", "/v1/timeoff/types", { token: s.t.tokens.admin })).json(),
    );
    expect(keysOf(data[0])).toEqual(keysOf(readFixture("openapi-examples-2024/ListTimeoffTypesResponse.json").data));
  });
});
