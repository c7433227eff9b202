import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pkceS256, sha256 } from "../../crypto";
import { companyUsers, oauthCodes } from "../../db/schema";
import {
  authorizeUrl,
  bearer,
  Browser,
  defaultAuthorizeParams,
  newPkce,
  parseForm,
  PASSWORD,
  REDIRECT_URI,
  setupOAuth,
  tokenRequest,
  type OAuthSetup,
} from "@/test-support/gateway/oauth";

describe("POST /auth/oauth2/authorize/consent", () => {
  let setup: OAuthSetup;
  let browser: Browser;
  let consentHtml: string;
  const pkce = newPkce();

  beforeEach(async () => {
    setup = await setupOAuth();
    browser = new Browser(setup.app);
    const page = await browser.request(authorizeUrl(defaultAuthorizeParams(setup, pkce.challenge, { state: "st-9" })));
    const consent = await browser.submit(await page.text(), { email: setup.tenant.admin.email, password: PASSWORD });
    consentHtml = await consent.text();
  });

  it("runs the whole authorization-code flow with PKCE: pages → code → tokens → API", async () => {
    const res = await browser.submit(consentHtml, { decision: "allow" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("state")).toBe("st-9");
    const code = location.searchParams.get("code")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The code is stored as a digest, bound to what was consented, for 60 s.
    const [row] = await setup.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, sha256(code)));
    expect(row).toMatchObject({
      clientId: setup.client.id,
      redirectUri: REDIRECT_URI,
      codeChallenge: pkceS256(pkce.verifier),
      userId: setup.tenant.admin.id,
      companyId: setup.tenant.company.id,
      scopes: ["employment:read", "company:read"],
      usedAt: null,
    });
    expect(row!.expiresAt.getTime() - setup.gw.clock.now().getTime()).toBe(60_000);
    expect(await setup.db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, code))).toHaveLength(0);

    const tokenRes = await tokenRequest(setup.app, setup.client, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce.verifier,
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.any(String),
      company_id: setup.tenant.company.id,
      user_id: setup.tenant.admin.id,
    });

    const identity = await setup.app.request("/v1/identity/current", { headers: bearer(tokens.access_token as string) });
    expect(identity.status).toBe(201);
    expect(await identity.json()).toEqual({
      data: {
        user: { id: setup.tenant.admin.id, name: setup.tenant.admin.name, email: setup.tenant.admin.email, status: "active" },
        company: { id: setup.tenant.company.id, name: setup.tenant.company.name },
        client_id: setup.client.id,
        integration: { name: expect.any(String), display_name: expect.any(String), contact_email: "" },
      },
    });
  });

  it("ends the session with the decision: the session cookie is cleared and a replayed post signs in again", async () => {
    const sessionId = browser.cookies.get("ra_authorize_session")!;
    const res = await browser.submit(consentHtml, { decision: "allow" });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("ra_authorize_session="))).toMatch(/Max-Age=0/);
    const replay = await browser.submit(consentHtml, { decision: "allow" });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain("Your sign-in expired");
    // Even with the old cookie kept, the session row is gone.
    browser.cookies.set("ra_authorize_session", sessionId);
    expect((await browser.submit(consentHtml, { decision: "allow" })).status).toBe(401);
    expect(await setup.db.select().from(oauthCodes)).toHaveLength(1);
  });

  it("Deny → redirect with error=access_denied and state, and no code", async () => {
    const res = await browser.submit(consentHtml, { decision: "deny" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("st-9");
    expect(location.searchParams.has("code")).toBe(false);
    expect(await setup.db.select().from(oauthCodes)).toHaveLength(0);
  });

  it("refuses a consent post without the session cookie: the sign-in page again", async () => {
    const res = await new Browser(setup.app).submit(consentHtml, { decision: "allow" });
    expect(res.status).toBe(401);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain('<label for="password">Password</label>');
  });

  it("refuses a CSRF token that is not bound to the session", async () => {
    const form = parseForm(consentHtml);
    const res = await browser.request(form.action, { form: { ...form.fields, csrf_token: "0".repeat(64), decision: "allow" } });
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
    expect(await setup.db.select().from(oauthCodes)).toHaveLength(0);
  });

  it("refuses a session that expired after 10 minutes", async () => {
    setup.gw.clock.advance(10 * 60_000 + 1);
    const res = await browser.submit(consentHtml, { decision: "allow" });
    expect(res.status).toBe(401);
  });

  it("reads the role again at consent: a user demoted since sign-in cannot consent", async () => {
    await setup.db.update(companyUsers).set({ role: "people_manager" }).where(eq(companyUsers.id, setup.tenant.admin.id));
    const res = await browser.submit(consentHtml, { decision: "allow" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You need to be an owner or admin");
  });

  it("answers an unknown decision with an error page", async () => {
    const res = await browser.submit(consentHtml, { decision: "maybe" });
    expect(res.status).toBe(400);
  });

  it("re-validates the carried parameters: a scope added to the form is refused with invalid_scope", async () => {
    const res = await browser.submit(consentHtml, { decision: "allow", scope: "employment:read pricing_plan:read" });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });
});
