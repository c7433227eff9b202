import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { CompaniesResponseSchema } from "@/lib/contract";
import { makeAccessToken, makeClient, makeTenant } from "../../testing/factories";
import { bearer, obtainTokens, setupOAuth, tokenRequest, type OAuthSetup } from "../../oauth/testing";

const realCompany = (
  JSON.parse(readFileSync("/work/shared/fixtures/api/openapi-examples-2024/CompaniesResponse.json", "utf8")) as {
    data: { companies: Record<string, unknown>[] };
  }
).data.companies[0]!;

describe("GET /v1/companies", () => {
  let setup: OAuthSetup;
  let partnerToken: string;
  beforeEach(async () => {
    setup = await setupOAuth();
    partnerToken = (
      (await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).json()) as { access_token: string }
    ).access_token;
  });
  const list = (query = "", token = partnerToken) => setup.app.request(`/v1/companies${query}`, { headers: bearer(token) });

  it("lists the companies with a live grant to this client, in the list envelope", async () => {
    expect(await (await list()).json()).toEqual({ data: { companies: [], current_page: 1, total_count: 0, total_pages: 0 } });
    await obtainTokens(setup);
    await obtainTokens(setup, { email: setup.tenant.owner.email }); // a second grant of the same company: listed once
    const other = await makeTenant(setup.db, "sandbox");
    await makeAccessToken(setup.db, { clientId: (await makeClient(setup.db)).id, user: other.admin }); // consented to another client

    const res = await list();
    expect(res.status).toBe(200);
    const body = CompaniesResponseSchema.parse(await res.json());
    expect(body.data).toMatchObject({ current_page: 1, total_count: 1, total_pages: 1 });
    expect(body.data.companies).toEqual([
      {
        id: setup.tenant.company.id,
        name: setup.tenant.company.name,
        status: "active",
        country_code: "PRT",
        created_at: setup.tenant.company.createdAt.toISOString(),
        company_owner_name: setup.tenant.owner.name,
        company_owner_email: setup.tenant.owner.email,
      },
    ]);
    // Every field we answer exists on the real CompanyResponse.
    for (const key of Object.keys(body.data.companies[0]!)) expect(realCompany).toHaveProperty(key);
  });

  it("paginates with page and page_size", async () => {
    for (let i = 0; i < 3; i++) {
      const t = await makeTenant(setup.db, "sandbox", { createdAt: new Date(Date.UTC(2025, 0, 1 + i)) });
      await makeAccessToken(setup.db, { clientId: setup.client.id, user: t.admin });
    }
    const page2 = CompaniesResponseSchema.parse(await (await list("?page=2&page_size=2")).json());
    expect(page2.data).toMatchObject({ current_page: 2, total_count: 3, total_pages: 2 });
    expect(page2.data.companies).toHaveLength(1);
    for (const q of ["?page_size=101", "?page_size=0", "?page=x"]) expect((await list(q)).status).toBe(400);
  });

  it("answers 403 to a user grant or a Customer API token, and to a client token without company:read", async () => {
    const tokens = await obtainTokens(setup);
    expect((await list("", tokens.access_token)).status).toBe(403);
    expect((await list("", setup.tenant.tokens.owner)).status).toBe(403);
    const narrow = await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials", scope: "country:read" });
    const res = await list("", ((await narrow.json()) as { access_token: string }).access_token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Forbidden" });
  });

  it("answers 401 without a token", async () => {
    expect((await setup.app.request("/v1/companies")).status).toBe(401);
  });
});
