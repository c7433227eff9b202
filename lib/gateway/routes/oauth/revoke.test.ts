import { beforeEach, describe, expect, it } from "vitest";
import { makeClient } from "@/test-support/gateway/factories";
import { bearer, obtainTokens, setupOAuth, tokenRequest, type OAuthSetup } from "@/test-support/gateway/oauth";

describe("POST /auth/oauth2/revoke", () => {
  let setup: OAuthSetup;
  beforeEach(async () => {
    setup = await setupOAuth();
  });

  const revoke = (
    fields: Record<string, string>,
    client: { id: string; secret: string } = setup.client,
    auth: "basic" | "post" | "none" = "basic",
  ) => tokenRequest(setup.app, client, fields, auth, "/auth/oauth2/revoke");
  const identity = (token: string) => setup.app.request("/v1/identity/current", { headers: bearer(token) });
  const clientToken = async () =>
    ((await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).json()) as { access_token: string })
      .access_token;
  const companyIds = async (token: string) =>
    (
      (await (await setup.app.request("/v1/companies", { headers: bearer(token) })).json()) as { companies: { id: string }[] }
    ).companies.map((c) => c.id);

  it("a refresh token withdraws the consent: access tokens 401, refresh invalid_grant, company no longer listed", async () => {
    const tokens = await obtainTokens(setup);
    const partner = await clientToken();
    expect(await companyIds(partner)).toEqual([setup.tenant.company.id]);

    const res = await revoke({ token: tokens.refresh_token, token_type_hint: "refresh_token" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await identity(tokens.access_token)).status).toBe(401);
    const refresh = await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(((await refresh.json()) as { message: string }).message).toMatch(/^invalid_grant: /);
    expect(await companyIds(partner)).toEqual([]);
  });

  it("withdraws every grant of the same client and company, not only the one presented", async () => {
    const first = await obtainTokens(setup);
    const second = await obtainTokens(setup, { email: setup.tenant.owner.email });
    expect((await revoke({ token: second.refresh_token }, setup.client, "post")).status).toBe(200);
    expect((await identity(first.access_token)).status).toBe(401);
    expect((await identity(second.access_token)).status).toBe(401);
  });

  it("an access token of a grant withdraws the consent too (the hint is only a hint)", async () => {
    const tokens = await obtainTokens(setup);
    expect((await revoke({ token: tokens.access_token, token_type_hint: "refresh_token" })).status).toBe(200);
    expect((await identity(tokens.access_token)).status).toBe(401);
  });

  it("a client-credentials access token is revoked alone", async () => {
    const user = await obtainTokens(setup);
    const partner = await clientToken();
    expect((await revoke({ token: partner })).status).toBe(200);
    expect((await identity(partner)).status).toBe(401);
    expect((await identity(user.access_token)).status).toBe(201);
  });

  it("answers 200 for an unknown token and does nothing for another client's token (RFC 7009 2.2)", async () => {
    const tokens = await obtainTokens(setup);
    const other = await makeClient(setup.db);
    expect((await revoke({ token: "unknown" })).status).toBe(200);
    expect((await revoke({ token: tokens.refresh_token }, other)).status).toBe(200);
    expect((await identity(tokens.access_token)).status).toBe(201);
  });

  it("requires client authentication and a token", async () => {
    const tokens = await obtainTokens(setup);
    const anonymous = await revoke({ token: tokens.refresh_token }, setup.client, "none");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect(((await anonymous.json()) as { error: string }).error).toBe("invalid_client");
    expect((await identity(tokens.access_token)).status).toBe(201);
    const missing = await revoke({});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe("invalid_request");
  });
});
