import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Account } from "next-auth";
import { consoleConnections, consoleSessions } from "../db/schema";
import { getSessionApi, getSessionFromCookies } from "../session";
import { handleForgetConnection, handleGetSession, handleSignOut, handleSwitchEnvironment } from "../auth/session-routes";
import { buildAuthOptions } from "../auth/options";
import { decodeSignInError, SIGN_IN_ERROR_COOKIE } from "../auth/session-cookie";
import { CALLBACK_URL, ConsoleBrowser, setupConsoleAuth, type ConsoleAuthSetup } from "@/test-support/console/auth";
import { getCurrentIdentity } from "@/lib/console/server/identity/api";
import { withdrawConsent } from "@/lib/gateway/oauth/grants";
import { accessTokens } from "@/lib/gateway/db/schema";
import { sha256 } from "@/lib/gateway/crypto";

// "Sign in with the Employment API" end to end, in-process: the console's /api/auth route handler,
// the API gateways' authorize pages, token endpoint and identity, the console database.

/** Every token of a connection, decrypted (to look for them where they must not be). */
async function storedTokens(setup: ConsoleAuthSetup): Promise<string[]> {
  const rows = await setup.deps.db.select().from(consoleConnections);
  return rows.flatMap((r) => [
    setup.deps.cipher.open(r.accessTokenEnc, `console_connections:${r.id}:access_token`),
    ...(r.refreshTokenEnc ? [setup.deps.cipher.open(r.refreshTokenEnc, `console_connections:${r.id}:refresh_token`)] : []),
  ]);
}

const cookieMap = (browser: ConsoleBrowser) => Object.fromEntries(browser.cookies);

describe("sign in with the Employment API (OAuth code + PKCE + state)", () => {
  let setup: ConsoleAuthSetup;
  let browser: ConsoleBrowser;
  beforeEach(async () => {
    setup = await setupConsoleAuth();
    browser = new ConsoleBrowser(setup);
  });

  it("starts at the chosen environment's authorize endpoint with PKCE S256, state and the one callback URL", async () => {
    for (const environment of ["sandbox", "production"] as const) {
      const url = new URL(await browser.startOAuth(environment));
      expect(`${url.origin}${url.pathname}`).toBe(
        `${environment === "sandbox" ? "http://127.0.0.1:4010" : "http://127.0.0.1:4011"}/auth/oauth2/authorize`,
      );
      expect(url.searchParams.get("client_id")).toBe(setup.clients[environment].clientId);
      expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK_URL);
      expect(url.searchParams.get("response_type")).toBe("code");
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
      expect(url.searchParams.get("scope")).toContain("employment:read");
      // Our own parameter is not forwarded to the API.
      expect(url.searchParams.has("environment")).toBe(false);
      expect(browser.cookies.get("roster.auth-environment")).toBe(environment);
    }
    const res = await browser.auth("signin/employment-api?environment=staging", {
      form: { csrfToken: await browser.csrfToken(), json: "true" },
    });
    expect(res.status).toBe(400);
  });

  it("completes: tokens stored encrypted, the company of the consenting user, and /api/auth/session holds no token", async () => {
    const gateway = setup.gateways.production;
    const done = await browser.signInWithOAuth("production", {
      email: gateway.tenant.owner.email,
      callbackUrl: "/employments?status=active",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("http://127.0.0.1:3000/employments?status=active");
    expect(browser.cookies.has("roster.session")).toBe(true);
    expect(browser.cookies.has("roster.auth-environment")).toBe(false);

    // The token exchange was form-encoded with HTTP Basic; the identity came from /v1/identity/current.
    expect(setup.calls.map((c) => `${c.method} ${c.url.host}${c.url.pathname} ${c.status}`)).toEqual([
      "POST 127.0.0.1:4011/auth/oauth2/token 200",
      "GET 127.0.0.1:4011/v1/identity/current 201",
    ]);

    const sessionRes = await browser.auth("session");
    const text = await sessionRes.text();
    const session = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(["company", "environment", "environments", "expires", "kind", "user"]);
    expect(session).toMatchObject({
      kind: "oauth",
      environment: "production",
      environments: ["production"],
      company: { id: gateway.tenant.company.id, name: gateway.tenant.company.name },
      user: { id: gateway.tenant.owner.id, email: gateway.tenant.owner.email, name: gateway.tenant.owner.name },
    });
    const tokens = await storedTokens(setup);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      expect(text).not.toContain(token);
      expect(browser.cookieHeader()).not.toContain(token);
    }
    const [sessionRow] = await setup.deps.db.select().from(consoleSessions);
    expect(text).not.toContain(sessionRow!.id);
    const [row] = await setup.deps.db.select().from(consoleConnections);
    for (const token of tokens) expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ kind: "oauth", environment: "production", clientId: setup.clients.production.clientId, status: "active" });
    expect(row!.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    // Server side, the stored token works at the API for that company.
    const consoleSession = await getSessionFromCookies(setup.deps, cookieMap(browser));
    const api = await getSessionApi(setup.deps, consoleSession!);
    expect((await getCurrentIdentity(api)).company?.id).toBe(gateway.tenant.company.id);

    // No token reached a log line.
    const logs = setup.logLines.join("\n");
    for (const token of tokens) expect(logs).not.toContain(token);
  });

  it("a second environment joins the session; switching never mixes companies; a missing connection answers 409 {signInUrl}", async () => {
    await browser.signInWithOAuth("sandbox");
    const switchTo = (environment: string) =>
      handleSwitchEnvironment(
        setup.deps,
        browser.request("/api/session/environment", { method: "POST", json: { environment, callbackUrl: "/employments" } }),
      );

    const conflict = await switchTo("production");
    expect(conflict.status).toBe(409);
    const body = (await conflict.json()) as { signInUrl: string; error: { kind: string; status: number } };
    expect(body.signInUrl).toBe("/sign-in?callbackUrl=%2Femployments&environment=production");
    expect(body.error).toMatchObject({ kind: "conflict", status: 409 });

    await browser.signInWithOAuth("production");
    const sessions = await setup.deps.db.select().from(consoleSessions);
    expect(sessions).toHaveLength(1);
    let current = (
      (await (await handleGetSession(setup.deps, browser.request("/api/session"))).json()) as { data: Record<string, unknown> }
    ).data;
    expect(current).toMatchObject({
      environment: "production",
      environments: ["sandbox", "production"],
      company: { id: setup.gateways.production.tenant.company.id },
    });

    const switched = await switchTo("sandbox");
    expect(switched.status).toBe(200);
    current = ((await switched.json()) as { data: Record<string, unknown> }).data;
    expect(current).toMatchObject({ environment: "sandbox", company: { id: setup.gateways.sandbox.tenant.company.id } });
    const consoleSession = await getSessionFromCookies(setup.deps, cookieMap(browser));
    const api = await getSessionApi(setup.deps, consoleSession!);
    expect(api.environment).toBe("sandbox");
    expect((await getCurrentIdentity(api)).company?.id).toBe(setup.gateways.sandbox.tenant.company.id);

    expect((await switchTo("staging")).status).toBe(422);
    // A cross-site request cannot switch.
    const forged = new Request("http://127.0.0.1:3000/api/session/environment", {
      method: "POST",
      headers: { cookie: browser.cookieHeader(), origin: "https://evil.example", "x-roster-bff": "1", "content-type": "application/json" },
      body: JSON.stringify({ environment: "production" }),
    });
    expect((await handleSwitchEnvironment(setup.deps, forged)).status).toBe(403);
  });

  it("refreshes an expired access token with the refresh token; a withdrawn consent leads to sign-in again", async () => {
    await browser.signInWithOAuth("sandbox");
    const consoleSession = (await getSessionFromCookies(setup.deps, cookieMap(browser)))!;
    await setup.deps.db.update(consoleConnections).set({ accessExpiresAt: new Date(Date.now() - 1000) });
    setup.calls.length = 0;
    const api = await getSessionApi(setup.deps, consoleSession);
    const results = await Promise.all(Array.from({ length: 20 }, () => getCurrentIdentity(api)));
    expect(results.every((r) => r.company?.id === setup.gateways.sandbox.tenant.company.id)).toBe(true);
    expect(setup.calls.filter((c) => c.url.pathname === "/auth/oauth2/token")).toHaveLength(1);

    // The company withdraws consent at the API: the next refresh is invalid_grant, the API call a 401.
    const [{ refreshToken } = { refreshToken: "" }] = await setup.deps.db
      .select({ refreshToken: consoleConnections.refreshTokenEnc, id: consoleConnections.id })
      .from(consoleConnections)
      .then((rows) =>
        rows.map((r) => ({ refreshToken: setup.deps.cipher.open(r.refreshToken!, `console_connections:${r.id}:refresh_token`) })),
      );
    const revoke = await setup.gateways.sandbox.gw.app.request("/auth/oauth2/revoke", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${setup.clients.sandbox.clientId}:${setup.clients.sandbox.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ token: refreshToken }).toString(),
    });
    expect(revoke.status).toBe(200);
    const error = await getCurrentIdentity(api).catch((e: unknown) => e);
    expect(error).toMatchObject({ payload: { kind: "unauthorized", status: 401 } });
    const after = await getSessionFromCookies(setup.deps, cookieMap(browser));
    expect(after?.environments).toEqual([]);
    await expect(getSessionApi(setup.deps, after!)).rejects.toMatchObject({ status: 401 });
  });

  it("one API client (a page render) takes its token from the connection's read, not one read per call; a refused token is replaced at once", async () => {
    await browser.signInWithOAuth("sandbox");
    const consoleSession = (await getSessionFromCookies(setup.deps, cookieMap(browser)))!;
    const reads = vi.spyOn(setup.deps.store, "getAccessToken");
    const api = await getSessionApi(setup.deps, consoleSession);
    const company = setup.gateways.sandbox.tenant.company.id;
    const answers = await Promise.all([getCurrentIdentity(api), getCurrentIdentity(api), getCurrentIdentity(api)]);
    expect(answers.map((a) => a.company?.id)).toEqual([company, company, company]);
    expect(reads).not.toHaveBeenCalled();

    // The API stops accepting the access token: the client's next call is refused, refreshed through the
    // store's refresh path at once, and answered with the new token.
    const [before] = await storedTokens(setup);
    // (The access token alone, as its expiry at the API would: the grant and its refresh token stay.)
    await setup.gateways.sandbox.db
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(eq(accessTokens.tokenHash, sha256(before!)));
    setup.calls.length = 0;
    expect((await getCurrentIdentity(api)).company?.id).toBe(company);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]?.[1]).toEqual({ rejected: before });
    expect(setup.calls.filter((c) => c.url.pathname === "/auth/oauth2/token")).toHaveLength(1);
    const [after] = await storedTokens(setup);
    expect(after).not.toBe(before);
    // Its later calls use the new token without reading it again.
    await getCurrentIdentity(api);
    expect(reads).toHaveBeenCalledTimes(1);

    // A connection due for refresh gives the client no token from the read: its first call refreshes.
    await setup.deps.db.update(consoleConnections).set({ accessExpiresAt: new Date(Date.now() - 1000) });
    const due = await setup.deps.store.getConnectionWithToken(consoleSession.id, "sandbox");
    expect(due?.token).toBeNull();
    reads.mockClear();
    const next = await getSessionApi(setup.deps, consoleSession);
    await Promise.all([getCurrentIdentity(next), getCurrentIdentity(next)]);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  it("errors come back to the sign-in page with the API's words: consent declined, forged state", async () => {
    const declined = await browser.signInWithOAuth("sandbox", { decision: "deny" });
    // Straight to the sign-in page (not through next-auth's error and signin routes), keeping the destination.
    expect(declined.headers.get("location")).toBe("/sign-in?callbackUrl=%2Femployments&error=Callback");
    const detail = decodeSignInError(browser.cookies.get(SIGN_IN_ERROR_COOKIE));
    expect(detail?.code).toBe("access_denied");
    expect(browser.cookies.has("roster.session")).toBe(false);

    const other = new ConsoleBrowser(setup);
    await other.startOAuth("sandbox");
    const res = await other.auth("callback/employment-api?code=forged-code&state=forged-state");
    expect(res.headers.get("location")).toBe("/sign-in?callbackUrl=%2Femployments&error=OAuthCallback");
    expect(decodeSignInError(other.cookies.get(SIGN_IN_ERROR_COOKIE))?.code).toBe("state_mismatch");
    expect(setup.calls.filter((c) => c.url.pathname === "/auth/oauth2/token")).toHaveLength(0);
  });

  it("sign-out (next-auth or DELETE /api/session) deletes the session and revokes the grant at the API", async () => {
    await browser.signInWithOAuth("sandbox");
    const tokens = await storedTokens(setup);
    const csrfToken = await browser.csrfToken();
    await browser.auth("signout", { form: { csrfToken, json: "true" } });
    expect(browser.cookies.has("roster.session")).toBe(false);
    expect(await setup.deps.db.select().from(consoleSessions)).toHaveLength(0);
    expect(setup.calls.filter((c) => c.url.pathname === "/auth/oauth2/revoke").map((c) => c.status)).toEqual([200]);
    // The API no longer accepts the access token.
    const res = await setup.gateways.sandbox.gw.call("GET", "/v1/identity/current", { token: tokens[0] });
    expect(res.status).toBe(401);

    const second = new ConsoleBrowser(setup);
    await second.signInWithOAuth("production");
    const out = await handleSignOut(setup.deps, second.request("/api/session", { method: "DELETE" }));
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^roster\.session=; Path=\/; Max-Age=0/);
    expect(await setup.deps.db.select().from(consoleSessions)).toHaveLength(0);
    expect(setup.calls.filter((c) => c.url.pathname === "/auth/oauth2/revoke")).toHaveLength(2);
  });

  it("forgetting one environment's connection keeps the other", async () => {
    await browser.signInWithOAuth("sandbox");
    await browser.signInWithToken(setup.gateways.production.tenant.tokens.admin);
    const res = await handleForgetConnection(
      setup.deps,
      browser.request("/api/session/connections/production", { method: "DELETE" }),
      "production",
    );
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ environment: "sandbox", environments: ["sandbox"] });
    const last = await handleForgetConnection(
      setup.deps,
      browser.request("/api/session/connections/sandbox", { method: "DELETE" }),
      "sandbox",
    );
    expect(((await last.json()) as { data: unknown }).data).toBeNull();
    expect(await setup.deps.db.select().from(consoleSessions)).toHaveLength(0);
  });
});

describe("next-auth callbacks", () => {
  let setup: ConsoleAuthSetup;
  beforeEach(async () => {
    setup = await setupConsoleAuth();
  });

  it("jwt: an OAuth sign-in stores the tokens encrypted and puts only the session id in the JWT", async () => {
    const options = buildAuthOptions(setup.deps, { environment: "sandbox", baseUrl: "http://127.0.0.1:4010", sessionId: null });
    const account: Account = {
      provider: "employment-api",
      type: "oauth",
      providerAccountId: "u1",
      access_token: "fake-access-token-123",
      refresh_token: "fake-refresh-token-456",
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      scope: "employment:read company:read",
      token_type: "bearer",
    };
    const identity = {
      user: { id: "4f7d7c4e-1111-4000-8000-000000000001", name: "Ada Admin", email: "ada@acme.example", status: "active" },
      company: { id: "4f7d7c4e-1111-4000-8000-000000000002", name: "Acme" },
      client_id: "roster-console-sandbox",
    };
    const jwt = await options.callbacks!.jwt!({
      token: { name: "Ada Admin", email: "ada@acme.example", sub: "u1" },
      user: { id: "u1", name: "Ada Admin", email: "ada@acme.example" },
      account,
      profile: identity as never,
      trigger: "signIn",
    });
    expect(Object.keys(jwt)).toEqual(["sid"]);
    const sid = jwt.sid as string;
    const [row] = await setup.deps.db.select().from(consoleConnections).where(eq(consoleConnections.sessionId, sid));
    expect(row).toMatchObject({
      companyId: identity.company.id,
      companyName: "Acme",
      scopes: ["employment:read", "company:read"],
      kind: "oauth",
    });
    expect(JSON.stringify(row)).not.toContain("fake-access-token-123");
    expect(JSON.stringify(row)).not.toContain("fake-refresh-token-456");
    expect(setup.deps.cipher.open(row!.refreshTokenEnc!, `console_connections:${row!.id}:refresh_token`)).toBe("fake-refresh-token-456");
    expect(row!.accessExpiresAt!.getTime()).toBe(account.expires_at! * 1000);

    // session: only PublicSession fields, never a token or the session id.
    const session = await options.callbacks!.session!({
      session: { user: { name: "Ada Admin" }, expires: "2030-01-01T00:00:00.000Z" },
      token: jwt,
      user: undefined as never,
      newSession: undefined,
      trigger: "update",
    });
    expect(session).toEqual({
      kind: "oauth",
      environment: "sandbox",
      environments: ["sandbox"],
      user: { id: identity.user.id, name: "Ada Admin", email: "ada@acme.example" },
      company: identity.company,
      expires: "2030-01-01T00:00:00.000Z",
    });
    expect(JSON.stringify(session)).not.toMatch(/fake-|sid/);
    expect(JSON.stringify(session)).not.toContain(sid);

    // A later request with the JWT of a session that ended: next-auth drops the cookie.
    await setup.deps.store.deleteSession(sid);
    await expect(
      buildAuthOptions(setup.deps, { environment: "sandbox", baseUrl: "", sessionId: null }).callbacks!.jwt!({ token: jwt } as never),
    ).rejects.toThrow();
  });

  it("an anonymous GET /api/auth/session is empty", async () => {
    const browser = new ConsoleBrowser(setup);
    expect(await (await browser.auth("session")).json()).toEqual({});
    expect(await (await handleGetSession(setup.deps, browser.request("/api/session"))).json()).toEqual({ data: null });
  });
});

describe("company admins sign in with their own OAuth client (CONSOLE_ADMIN_<ENV>_CLIENT_ID/SECRET)", () => {
  it("withdrawing the partner's consent does not sign the company's admins out", async () => {
    const setup = await setupConsoleAuth({ separateAdminClient: true });
    const browser = new ConsoleBrowser(setup);
    const url = new URL(await browser.startOAuth("sandbox"));
    expect(url.searchParams.get("client_id")).toBe(setup.adminClients.sandbox.clientId);
    expect(setup.adminClients.sandbox.clientId).not.toBe(setup.clients.sandbox.clientId);

    await browser.signInWithOAuth("sandbox");
    const [connection] = await setup.deps.db.select().from(consoleConnections);
    expect(connection?.clientId).toBe(setup.adminClients.sandbox.clientId);
    const consoleSession = (await getSessionFromCookies(setup.deps, cookieMap(browser)))!;
    const api = await getSessionApi(setup.deps, consoleSession);
    const company = setup.gateways.sandbox.tenant.company.id;

    // The company withdraws its consent to the partner's client: the admin's grant is another client's.
    await withdrawConsent(setup.gateways.sandbox.db, { clientId: setup.clients.sandbox.clientId, companyId: company, now: new Date() });
    expect((await getCurrentIdentity(api)).company?.id).toBe(company);
    // ... and survives a refresh, which goes to the admins' client.
    await setup.deps.db.update(consoleConnections).set({ accessExpiresAt: new Date(Date.now() - 1000) });
    const refreshed = await getSessionApi(setup.deps, (await getSessionFromCookies(setup.deps, cookieMap(browser)))!);
    expect((await getCurrentIdentity(refreshed)).company?.id).toBe(company);

    // Withdrawing the consent to the admins' client does end the session (the test can tell the two apart).
    await withdrawConsent(setup.gateways.sandbox.db, {
      clientId: setup.adminClients.sandbox.clientId,
      companyId: company,
      now: new Date(),
    });
    await expect(getCurrentIdentity(refreshed)).rejects.toMatchObject({ payload: { kind: "unauthorized", status: 401 } });
  });
});
