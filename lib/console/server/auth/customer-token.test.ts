import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "@/lib/gateway/crypto";
import { customerTokens } from "@/lib/gateway/db/schema";
import { makeCustomerToken } from "@/test-support/gateway/factories";
import { consoleConnections, consoleSessions } from "../db/schema";
import { CustomerTokenError, environmentOfCustomerToken, signInWithCustomerToken } from "../auth/customer-token-provider";
import { ConsoleBrowser, setupConsoleAuth, type ConsoleAuthSetup } from "@/test-support/console/auth";

describe("sign-in with a Customer API token (against in-process API gateways)", () => {
  let setup: ConsoleAuthSetup;
  beforeEach(async () => {
    setup = await setupConsoleAuth();
  });
  const signIn = (token: unknown, sessionId: string | null = null) =>
    signInWithCustomerToken(
      { store: setup.deps.store, resolveBaseUrl: setup.deps.resolveBaseUrl, fetch: setup.deps.fetch, sessionId },
      token,
    );

  it("the prefix names the environment", () => {
    expect(environmentOfCustomerToken("ra_test_abcdef")).toBe("sandbox");
    expect(environmentOfCustomerToken("ra_live_abcdef")).toBe("production");
    for (const bad of ["ra_prod_abc", "abc", "RA_TEST_abc", "Bearer ra_test_abc", "ra_test"]) {
      expect(() => environmentOfCustomerToken(bad), bad).toThrow(CustomerTokenError);
    }
    expect(() => environmentOfCustomerToken("ra_test_abc def")).toThrow("InvalidTokenFormat");
    expect(() => environmentOfCustomerToken("ra_test_abc\r\nx: y")).toThrow("InvalidTokenFormat");
  });

  it("a valid sandbox token: validated at the sandbox API, stored encrypted, session for its company", async () => {
    const { tenant } = setup.gateways.sandbox;
    const { sessionId, environment } = await signIn(`  ${tenant.tokens.admin}\n`);
    expect(environment).toBe("sandbox");
    expect(await setup.deps.store.getSession(sessionId)).toMatchObject({
      kind: "customer_token",
      environment: "sandbox",
      environments: ["sandbox"],
      company: { id: tenant.company.id, name: tenant.company.name },
      user: { id: tenant.admin.id, name: tenant.admin.name, email: tenant.admin.email },
    });
    const [row] = await setup.deps.db.select().from(consoleConnections).where(eq(consoleConnections.sessionId, sessionId));
    expect(row).toMatchObject({ kind: "customer_token", refreshTokenEnc: null, accessExpiresAt: null, clientId: null });
    expect(row!.accessTokenEnc).not.toContain(tenant.tokens.admin);
    expect(setup.calls.map((c) => `${c.method} ${c.url.host}${c.url.pathname} ${c.status}`)).toEqual([
      "GET 127.0.0.1:4010/v1/identity/current 201",
    ]);
  });

  it("a valid production token goes to the production API", async () => {
    const { tenant } = setup.gateways.production;
    const { sessionId } = await signIn(tenant.tokens.owner);
    expect(await setup.deps.store.getSession(sessionId)).toMatchObject({ environment: "production", company: { id: tenant.company.id } });
    expect(setup.calls[0]?.url.host).toBe("127.0.0.1:4011");
  });

  it("a token of the other environment, an unknown or a revoked token: TokenRejected, nothing stored", async () => {
    const sandbox = setup.gateways.sandbox;
    // ra_live_ token whose row lives only in the sandbox API: production does not know it.
    const misplaced = await makeCustomerToken(sandbox.db, "production", sandbox.tenant.owner);
    await expect(signIn(misplaced)).rejects.toThrow("TokenRejected");
    await expect(signIn("ra_test_doesnotexist0123456789")).rejects.toThrow("TokenRejected");
    await sandbox.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(sandbox.tenant.tokens.peopleManager)));
    await expect(signIn(sandbox.tenant.tokens.peopleManager)).rejects.toThrow("TokenRejected");
    expect(await setup.deps.db.select().from(consoleSessions)).toHaveLength(0);
  });

  it("wrong prefix or empty: a clear error without calling the API; API down: ApiUnreachable", async () => {
    await expect(signIn("sk_live_123456")).rejects.toThrow("UnknownTokenPrefix");
    await expect(signIn("   ")).rejects.toThrow("MissingToken");
    await expect(signIn(undefined)).rejects.toThrow("MissingToken");
    expect(setup.calls).toHaveLength(0);
    setup.setApiDown(true);
    await expect(signIn(setup.gateways.sandbox.tenant.tokens.admin)).rejects.toThrow("ApiUnreachable");
  });

  it("through next-auth: the form's POST signs in; errors come back as codes the page translates", async () => {
    const browser = new ConsoleBrowser(setup);
    const bad = await browser.signInWithToken("not-a-token");
    expect(bad.status).toBe(401);
    expect(bad.error).toBe("UnknownTokenPrefix");
    // Without JavaScript's redirect:false, next-auth's error route sends the browser to the sign-in page.
    const errorPage = await browser.auth(`${bad.url.pathname.replace("/api/auth/", "")}${bad.url.search}`);
    expect(errorPage.headers.get("location")).toBe("/sign-in?error=UnknownTokenPrefix");
    expect(browser.cookies.has("roster.session")).toBe(false);

    const rejected = await browser.signInWithToken("ra_live_unknown0123456789abcdef");
    expect(rejected.error).toBe("TokenRejected");

    const ok = await browser.signInWithToken(setup.gateways.sandbox.tenant.tokens.admin, "/employments?page=2");
    expect(ok.error).toBeNull();
    expect(ok.url.toString()).toBe("http://127.0.0.1:3000/employments?page=2");
    expect(browser.cookies.has("roster.session")).toBe(true);
    const session = (await (await browser.auth("session")).json()) as Record<string, unknown>;
    expect(session).toMatchObject({ kind: "customer_token", environment: "sandbox", environments: ["sandbox"] });
    expect(JSON.stringify(session)).not.toContain(setup.gateways.sandbox.tenant.tokens.admin);

    // A second token for production joins the same session.
    await browser.signInWithToken(setup.gateways.production.tenant.tokens.admin);
    const both = (await (await browser.auth("session")).json()) as Record<string, unknown>;
    expect(both).toMatchObject({ environment: "production", environments: ["sandbox", "production"] });
    expect(await setup.deps.db.select().from(consoleSessions)).toHaveLength(1);

    // Sign out forgets the tokens.
    const csrfToken = await browser.csrfToken();
    await browser.auth("signout", { form: { csrfToken, json: "true" } });
    expect(await setup.deps.db.select().from(consoleConnections)).toHaveLength(0);
    expect(browser.cookies.has("roster.session")).toBe(false);
    expect(setup.logLines.join("\n")).not.toMatch(/ra_(test|live)_[A-Za-z0-9_-]{10,}/);
  });
});
