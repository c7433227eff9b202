import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { CompaniesResponseSchema } from "@/lib/contract";
import { makeAccessToken, makeClient, makeTenant } from "@/test-support/gateway/factories";
import { bearer, obtainTokens, setupOAuth, tokenRequest, type OAuthSetup } from "@/test-support/gateway/oauth";

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

  it("lists the companies with a live grant to this client, as the provider's `{companies}`", async () => {
    expect(await (await list()).json()).toEqual({ companies: [] });
    await obtainTokens(setup);
    await obtainTokens(setup, { email: setup.tenant.owner.email }); // a second grant of the same company: listed once
    const other = await makeTenant(setup.db, "sandbox");
    await makeAccessToken(setup.db, { clientId: (await makeClient(setup.db)).id, user: other.admin }); // consented to another client

    const res = await list();
    expect(res.status).toBe(200);
    const body = CompaniesResponseSchema.parse(await res.json());
    const created = setup.tenant.company.createdAt.toISOString();
    expect(body.companies).toEqual([
      {
        id: setup.tenant.company.id,
        name: setup.tenant.company.name,
        status: "active",
        country_code: "PRT",
        created_at: created,
        updated_at: created,
        address_details: {},
        company_owner_name: setup.tenant.owner.name,
        company_owner_email: setup.tenant.owner.email,
        company_owner_user_id: setup.tenant.owner.id,
        default_legal_entity_credit_risk_status: "no_deposit_required",
        desired_currency: "EUR",
        terms_of_service_accepted_at: created,
      },
    ]);
    // Every field we answer exists on the provider's Company (the 2024 example lacks the newer ones).
    const newer = [
      "updated_at",
      "address_details",
      "company_owner_user_id",
      "default_legal_entity_credit_risk_status",
      "desired_currency",
      "terms_of_service_accepted_at",
    ];
    for (const key of Object.keys(body.companies[0]!)) if (!newer.includes(key)) expect(realCompany).toHaveProperty(key);
  });

  it("answers every company at once, in creation order; an external_id filter matches none (none is stored)", async () => {
    for (let i = 0; i < 3; i++) {
      const t = await makeTenant(setup.db, "sandbox", { createdAt: new Date(Date.UTC(2025, 0, 1 + i)) });
      await makeAccessToken(setup.db, { clientId: setup.client.id, user: t.admin });
    }
    const all = CompaniesResponseSchema.parse(await (await list("?page=2&page_size=2")).json());
    expect(all.companies).toHaveLength(3);
    expect(all.companies.map((c) => c.created_at)).toEqual([...all.companies.map((c) => c.created_at)].sort());
    expect(await (await list("?external_id=x")).json()).toEqual({ companies: [] });
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
