import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { FormResponseSchema } from "@/lib/contract";
import { createGatewayApp } from "../../app";
import { createFormRegistry } from "../../forms";
import { makeAccessToken, makeClient, makeCustomerToken, makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { countryRoutes } from ".";

let gw: TestGateway;
let token: string;
let call: (path: string, bearer?: string) => Promise<Response>;

// A forms folder overriding Portugal's contract details: version 2 becomes the latest.
const dir = mkdtempSync(path.join(tmpdir(), "roster-show-form-"));
writeFileSync(
  path.join(dir, "PRT.contract_details.json"),
  JSON.stringify({ type: "object", additionalProperties: false, properties: { note: { type: "string" } }, "x-jsf-order": ["note"] }),
);
const registryWithOverride = createFormRegistry({ formsDir: dir });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(async () => {
  gw = await createTestGateway();
  const app = createGatewayApp({ ...gw.deps, forms: registryWithOverride }, countryRoutes);
  call = (p, bearer = token) => Promise.resolve(app.request(p, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} }));
  const t = await makeTenant(gw.deps.db, "sandbox");
  token = t.tokens.admin;
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe("GET /v1/countries/{country_code}/{form}", () => {
  it("200: the form's JSON Schema, with date bounds rendered for today", async () => {
    const res = await call("/v1/countries/DEU/employment_basic_information");
    expect(res.status).toBe(200);
    const { data } = FormResponseSchema.parse(await res.json());
    expect(data).toMatchObject({ type: "object", additionalProperties: false });
    const properties = data.properties as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(properties)).toEqual(
      expect.arrayContaining([
        "name",
        "email",
        "job_title",
        "provisional_start_date",
        "has_seniority_date",
        "seniority_date",
        "manager",
        "department",
      ]),
    );
    // The harness clock: Thursday 15 January 2026 (or the clock given); DEU needs 15 working days.
    const today = gw.clock.now();
    const minDate = properties.provisional_start_date!["x-jsf-presentation"]!.minDate as string;
    expect(minDate > today.toISOString().slice(0, 10)).toBe(true);
    expect(properties.manager).toMatchObject({ type: ["object", "null"], properties: { id: { format: "uuid" } } });
  });

  it("json_schema_version: latest by default, an older version by number", async () => {
    const latest = FormResponseSchema.parse(await json(await call("/v1/countries/PRT/contract_details"))).data;
    expect(Object.keys(latest.properties as object)).toEqual(["note"]);
    const explicit = FormResponseSchema.parse(await json(await call("/v1/countries/PRT/contract_details?json_schema_version=latest"))).data;
    expect(explicit).toEqual(latest);
    const v1 = FormResponseSchema.parse(await json(await call("/v1/countries/PRT/contract_details?json_schema_version=1"))).data;
    expect(v1.properties).toHaveProperty("annual_gross_salary");
    const v2 = FormResponseSchema.parse(await json(await call("/v1/countries/PRT/contract_details?json_schema_version=2"))).data;
    expect(v2).toEqual(latest);
  });

  it("200 for a client-credentials token (country:read, no company)", async () => {
    const client = await makeClient(gw.deps.db);
    const { token: partner } = await makeAccessToken(gw.deps.db, { clientId: client.id });
    expect((await call("/v1/countries/USA/bank_account_details", partner)).status).toBe(200);
  });

  it("200 with form:read alone", async () => {
    const t = await makeTenant(gw.deps.db, "sandbox");
    const formOnly = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["form:read"]);
    expect((await call("/v1/countries/BRA/pricing_plan_details", formOnly)).status).toBe(200);
  });

  it("400 for a json_schema_version that is neither an integer nor latest", async () => {
    for (const v of ["two", "-1", "1.5", "LATEST"]) {
      const res = await call(`/v1/countries/PRT/contract_details?json_schema_version=${v}`);
      expect(res.status, v).toBe(400);
      expect(await json(res)).toHaveProperty("message");
    }
  });

  it("401 without a token", async () => {
    const res = await call("/v1/countries/PRT/contract_details", "");
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: "Unauthorized" });
  });

  it("403 without form:read or country:read", async () => {
    const t = await makeTenant(gw.deps.db, "sandbox");
    const noScope = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["employment:read"]);
    const res = await call("/v1/countries/PRT/contract_details", noScope);
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ message: "Forbidden" });
  });

  it("404 for an unknown country, an alpha-2 code or a lower-case code", async () => {
    for (const code of ["XYZ", "ITA", "PT", "prt"]) {
      const res = await call(`/v1/countries/${code}/contract_details`);
      expect(res.status, code).toBe(404);
      expect(await json(res)).toEqual({ message: "Country not found" });
    }
  });

  it("404 for a version the form does not have", async () => {
    for (const v of ["0", "3", "99"]) {
      const res = await call(`/v1/countries/PRT/contract_details?json_schema_version=${v}`);
      expect(res.status, v).toBe(404);
      expect(await json(res)).toEqual({ message: "Form version not found" });
    }
    expect((await call("/v1/countries/ESP/contract_details?json_schema_version=2")).status).toBe(404);
  });

  it("422 for a form the country does not have", async () => {
    for (const form of ["favourite_food", "engagement_agreement_details"]) {
      const res = await call(`/v1/countries/PRT/${form}`);
      expect(res.status, form).toBe(422);
      expect(await json(res)).toEqual({ message: "Form not available for requested country" });
    }
  });
});
