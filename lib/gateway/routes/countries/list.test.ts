import { beforeEach, describe, expect, it } from "vitest";
import { CountriesResponseSchema, FORM_NAMES } from "@/lib/contract";
import { createGatewayApp } from "../../app";
import { makeAccessToken, makeClient, makeCustomerToken, makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { countryRoutes } from ".";

let gw: TestGateway;
let call: (path: string, token?: string) => Promise<Response>;

beforeEach(async () => {
  gw = await createTestGateway();
  // Only this area's routes, so the test does not depend on how the others are wired.
  const app = createGatewayApp(gw.deps, countryRoutes);
  call = (path, token) => Promise.resolve(app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
});

describe("GET /v1/countries", () => {
  it("200: every country, sorted by name, in the contract's shape", async () => {
    const t = await makeTenant(gw.deps.db, "sandbox");
    const res = await call("/v1/countries", t.tokens.onboardingManager);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-remaining")).not.toBeNull();
    const body = CountriesResponseSchema.parse(await res.json());
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(body.data.map((c) => c.code)).toEqual(["BRA", "FRA", "DEU", "NLD", "PRT", "ESP", "GBR", "USA"]);
    const portugal = body.data.find((c) => c.code === "PRT");
    expect(portugal).toMatchObject({ alpha_2_code: "PT", name: "Portugal", eor_onboarding: true, supported_json_schemas: [...FORM_NAMES] });
    expect(portugal?.country_subdivisions).toContainEqual({ code: "PT-13", name: "Porto", subdivision_type: "District" });
  });

  it("200 for a partner's client-credentials token (no company needed)", async () => {
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, { clientId: client.id });
    expect((await call("/v1/countries", token)).status).toBe(200);
  });

  it("401 without a valid token", async () => {
    const res = await call("/v1/countries");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
    expect((await call("/v1/countries", "ra_test_unknown")).status).toBe(401);
  });

  it("403 without the country:read scope", async () => {
    const t = await makeTenant(gw.deps.db, "sandbox");
    const token = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["employment:read", "form:read"]);
    const res = await call("/v1/countries", token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Forbidden" });
  });
});
