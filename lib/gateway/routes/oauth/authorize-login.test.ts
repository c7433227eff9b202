import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeScope } from "@/lib/contract";
import { authorizeSessions, companies, companyUsers } from "../../db/schema";
import { sha256 } from "../../crypto";
import {
  authorizeUrl,
  Browser,
  defaultAuthorizeParams,
  newPkce,
  parseForm,
  PASSWORD,
  REDIRECT_URI,
  setupOAuth,
  type OAuthSetup,
} from "@/test-support/gateway/oauth";

describe("POST /auth/oauth2/authorize/login", () => {
  let setup: OAuthSetup;
  let browser: Browser;
  let loginHtml: string;
  beforeEach(async () => {
    setup = await setupOAuth();
    browser = new Browser(setup.app);
    const page = await browser.request(authorizeUrl(defaultAuthorizeParams(setup, newPkce().challenge, { state: "st-1" })));
    loginHtml = await page.text();
  });

  it("signs an admin in and shows the consent page naming the client, the company and the scopes", async () => {
    const res = await browser.submit(loginHtml, { email: setup.tenant.admin.email, password: PASSWORD });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>Allow Acme Payroll to access ${setup.tenant.company.name}?</h1>`);
    expect(html).toContain(describeScope("employment:read"));
    expect(html).toContain("<code>employment:read</code>");
    expect(html).toContain(describeScope("company:read"));
    expect(html).toMatch(/<button type="submit" name="decision" value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain(new URL(REDIRECT_URI).origin);
    expect(parseForm(html).fields.state).toBe("st-1");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("ra_authorize_session="));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\/auth\/oauth2/);
    // Only the digest of the session id is stored, with a 10-minute expiry.
    const id = browser.cookies.get("ra_authorize_session")!;
    const [row] = await setup.db
      .select()
      .from(authorizeSessions)
      .where(eq(authorizeSessions.idHash, sha256(id)));
    expect(row!.expiresAt.getTime() - setup.gw.clock.now().getTime()).toBe(10 * 60_000);
    expect(await setup.db.select().from(authorizeSessions).where(eq(authorizeSessions.idHash, id))).toHaveLength(0);
  });

  it("accepts an owner, and the email in any letter case", async () => {
    const res = await browser.submit(loginHtml, { email: setup.tenant.owner.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
  });

  it("signs in a user of a company that is not active yet", async () => {
    await setup.db.update(companies).set({ status: "pending" }).where(eq(companies.id, setup.tenant.company.id));
    const res = await browser.submit(loginHtml, { email: setup.tenant.admin.email, password: PASSWORD });
    expect(res.status).toBe(200);
  });

  it("re-renders the sign-in page with 401 for a wrong password, without saying which field was wrong", async () => {
    const res = await browser.submit(loginHtml, { email: setup.tenant.admin.email, password: "wrong password" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("The email or password is incorrect.");
    expect(html).toContain(`value="${setup.tenant.admin.email}"`);
    expect(html).not.toContain("wrong password");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ra_authorize_session="))).toBe(false);
    // The page can be submitted again.
    const retry = await browser.submit(html, { email: setup.tenant.admin.email, password: PASSWORD });
    expect(retry.status).toBe(200);
  });

  it("answers an unknown email, a user without a password and an inactive user exactly like a wrong password", async () => {
    await setup.db.update(companyUsers).set({ status: "inactive" }).where(eq(companyUsers.id, setup.tenant.owner.id));
    await setup.db.update(companyUsers).set({ passwordHash: null }).where(eq(companyUsers.id, setup.tenant.peopleManager.id));
    const wrong = await (await browser.submit(loginHtml, { email: setup.tenant.admin.email, password: "nope" })).text();
    for (const email of ["nobody@example.test", setup.tenant.owner.email, setup.tenant.peopleManager.email]) {
      const res = await browser.submit(loginHtml, { email, password: PASSWORD });
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html.replace(/value="[^"]*"/g, "")).toBe(wrong.replace(/value="[^"]*"/g, ""));
    }
  });

  it("tells a people manager that only an owner or admin can consent", async () => {
    const res = await browser.submit(loginHtml, { email: setup.tenant.peopleManager.email, password: PASSWORD });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("You need to be an owner or admin");
    expect(html).not.toContain('value="allow"');
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ra_authorize_session="))).toBe(false);
    // The way back tells the client the user declined.
    const back = /<a class="button secondary" href="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, "&");
    const url = new URL(back);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe("st-1");
  });

  it("refuses an onboarding manager too", async () => {
    const res = await browser.submit(loginHtml, { email: setup.tenant.onboardingManager.email, password: PASSWORD });
    expect(res.status).toBe(403);
  });

  it("refuses a post without the CSRF cookie (login CSRF) and offers a fresh form", async () => {
    const stranger = new Browser(setup.app);
    const res = await stranger.submit(loginHtml, { email: setup.tenant.admin.email, password: PASSWORD });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("expired");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ra_authorize_session="))).toBe(false);
    const retry = await stranger.submit(html, { email: setup.tenant.admin.email, password: PASSWORD });
    expect(retry.status).toBe(200);
  });

  it("refuses a post whose CSRF field differs from the cookie", async () => {
    const form = parseForm(loginHtml);
    const res = await browser.request(form.action, {
      form: { ...form.fields, csrf_token: "A".repeat(43), email: setup.tenant.admin.email, password: PASSWORD },
    });
    expect(res.status).toBe(403);
  });

  it("re-validates the carried parameters: a tampered redirect URI gets the error page", async () => {
    const form = parseForm(loginHtml);
    const res = await browser.request(form.action, {
      form: { ...form.fields, redirect_uri: "https://evil.example/cb", email: setup.tenant.admin.email, password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });

  it("answers a non-form body with an error page", async () => {
    const res = await setup.app.request("/auth/oauth2/authorize/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("locks an email out after 10 failed sign-ins (429, even with the right password), and a success clears the count", async () => {
    let html = loginHtml;
    for (let i = 0; i < 9; i++) {
      const res = await browser.submit(html, { email: setup.tenant.owner.email, password: `wrong ${i}` });
      expect(res.status).toBe(401);
      html = await res.text();
    }
    // The ninth failure is followed by a success: the count starts again.
    const ok = await browser.submit(html, { email: setup.tenant.owner.email, password: PASSWORD });
    expect(ok.status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await browser.submit(loginHtml, { email: setup.tenant.owner.email.toUpperCase(), password: `wrong ${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await browser.submit(loginHtml, { email: setup.tenant.owner.email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await locked.text()).toContain("Too many failed sign-in attempts for this email");
    // Another user of the same company is not affected.
    expect((await browser.submit(loginHtml, { email: setup.tenant.admin.email, password: PASSWORD })).status).toBe(200);
  });
});
