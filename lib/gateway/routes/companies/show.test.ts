import { beforeEach, describe, expect, it } from "vitest";
import { CompanyResponseSchema } from "@/lib/contract";
import { makeAccessToken, makeClient, makeTenant } from "@/test-support/gateway/factories";
import { bearer, obtainTokens, setupOAuth, tokenRequest, type OAuthSetup } from "@/test-support/gateway/oauth";

describe("GET /v1/companies/{company_id}", () => {
  let setup: OAuthSetup;
  let partnerToken: string;
  beforeEach(async () => {
    setup = await setupOAuth();
    partnerToken = (
      (await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).json()) as { access_token: string }
    ).access_token;
  });
  const show = (id: string, token = partnerToken) => setup.app.request(`/v1/companies/${id}`, { headers: bearer(token) });

  it("shows a company that consented to the client", async () => {
    await obtainTokens(setup);
    const res = await show(setup.tenant.company.id);
    expect(res.status).toBe(200);
    const body = CompanyResponseSchema.parse(await res.json());
    expect(body.data.company).toMatchObject({ id: setup.tenant.company.id, name: setup.tenant.company.name, status: "active" });
  });

  it("answers 404 for a company without consent, one consented to another client, a revoked consent, or a malformed id", async () => {
    expect((await show(setup.tenant.company.id)).status).toBe(404);
    const other = await makeTenant(setup.db, "sandbox");
    await makeAccessToken(setup.db, { clientId: (await makeClient(setup.db)).id, user: other.admin });
    expect((await show(other.company.id)).status).toBe(404);
    const tokens = await obtainTokens(setup);
    await tokenRequest(setup.app, setup.client, { token: tokens.refresh_token }, "basic", "/auth/oauth2/revoke");
    expect((await show(setup.tenant.company.id)).status).toBe(404);
    const res = await show("not-a-uuid");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Company not found" });
  });

  it("shows a company token its own company only", async () => {
    const other = await makeTenant(setup.db, "sandbox");
    expect((await show(setup.tenant.company.id, setup.tenant.tokens.admin)).status).toBe(200);
    expect((await show(other.company.id, setup.tenant.tokens.admin)).status).toBe(404);
    const tokens = await obtainTokens(setup);
    expect((await show(setup.tenant.company.id, tokens.access_token)).status).toBe(200);
    expect((await show(other.company.id, tokens.access_token)).status).toBe(404);
  });
});
