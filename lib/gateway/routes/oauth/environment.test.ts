import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../crypto";
import { customerTokens } from "../../db/schema";
import { createGatewayApp } from "../../app";
import { issueCustomerToken } from "../../oauth/customer-tokens";
import { bearer, OAUTH_TEST_ROUTES, obtainTokens, setupOAuth, tokenRequest } from "@/test-support/gateway/oauth";
import { makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway } from "@/test-support/gateway/harness";

// Spec 5.6: sandbox and production are isolated; a token of one never works on the other.

describe("environment isolation", () => {
  it("a token issued by the sandbox gateway is 401 on the production gateway, and the reverse", async () => {
    const sandbox = await setupOAuth();
    const tokens = await obtainTokens(sandbox);
    const cc = (
      (await (await tokenRequest(sandbox.app, sandbox.client, { grant_type: "client_credentials" })).json()) as { access_token: string }
    ).access_token;

    const production = await setupOAuth({ environment: "production" });
    for (const token of [tokens.access_token, cc]) {
      const res = await production.app.request("/v1/identity/current", { headers: bearer(token) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthorized" });
    }
    // The refresh token and the client's credentials are unknown there too.
    const refresh = await tokenRequest(production.app, sandbox.client, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.status).toBe(401);

    const productionToken = await obtainTokens(production);
    expect((await sandbox.app.request("/v1/identity/current", { headers: bearer(productionToken.access_token) })).status).toBe(401);
    expect((await sandbox.app.request("/v1/identity/current", { headers: bearer(tokens.access_token) })).status).toBe(201);
  });

  it("customer tokens: ra_test_ only on sandbox, ra_live_ only on production", async () => {
    const sandbox = await createTestGateway();
    const sandboxApp = createGatewayApp(sandbox.deps, OAUTH_TEST_ROUTES);
    const production = await createTestGateway({ environment: "production" });
    const productionApp = createGatewayApp(production.deps, OAUTH_TEST_ROUTES);

    const s = await makeTenant(sandbox.deps.db, "sandbox");
    const p = await makeTenant(production.deps.db, "production");
    const testToken = await issueCustomerToken(sandbox.deps.db, {
      companyId: s.company.id,
      userId: s.admin.id,
      environment: "sandbox",
      name: "ci",
    });
    const liveToken = await issueCustomerToken(production.deps.db, {
      companyId: p.company.id,
      userId: p.admin.id,
      environment: "production",
      name: "ci",
    });
    expect(testToken).toMatch(/^ra_test_/);
    expect(liveToken).toMatch(/^ra_live_/);

    expect((await sandboxApp.request("/v1/identity/current", { headers: bearer(testToken) })).status).toBe(201);
    expect((await productionApp.request("/v1/identity/current", { headers: bearer(liveToken) })).status).toBe(201);
    expect((await productionApp.request("/v1/identity/current", { headers: bearer(testToken) })).status).toBe(401);
    expect((await sandboxApp.request("/v1/identity/current", { headers: bearer(liveToken) })).status).toBe(401);

    // A ra_live_ token whose digest sits in the sandbox database is still refused there: the prefix decides.
    const misplaced = `ra_live_${"x".repeat(40)}`;
    await sandbox.deps.db.insert(customerTokens).values({
      id: randomUUID(),
      tokenHash: sha256(misplaced),
      companyId: s.company.id,
      userId: s.admin.id,
      name: "misplaced",
      scopes: ["company:read"],
      createdAt: new Date(),
    });
    expect((await sandboxApp.request("/v1/identity/current", { headers: bearer(misplaced) })).status).toBe(401);
    // And the service refuses to issue one with the wrong prefix.
    await expect(
      issueCustomerToken(sandbox.deps.db, {
        companyId: s.company.id,
        userId: s.admin.id,
        environment: "sandbox",
        name: "x",
        token: misplaced,
      }),
    ).rejects.toThrow(/ra_test_/);
  });
});
