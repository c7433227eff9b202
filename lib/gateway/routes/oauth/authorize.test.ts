import { beforeEach, describe, expect, it } from "vitest";
import { registerClient } from "../../oauth/clients";
import { buildOpenApiDocument } from "../../openapi";
import {
  authorizeUrl,
  Browser,
  defaultAuthorizeParams,
  newPkce,
  OAUTH_TEST_ROUTES,
  REDIRECT_URI,
  setupOAuth,
  type OAuthSetup,
} from "@/test-support/gateway/oauth";

describe("GET /auth/oauth2/authorize", () => {
  let setup: OAuthSetup;
  const pkce = newPkce();
  beforeEach(async () => {
    setup = await setupOAuth();
  });

  const get = (over: Record<string, string | undefined> = {}) =>
    new Browser(setup.app).request(authorizeUrl(defaultAuthorizeParams(setup, pkce.challenge, over)));

  it("shows an accessible sign-in page that carries the request in hidden fields", async () => {
    const res = await get({ state: "xyz" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<main>[\s\S]*<h1>Sign in<\/h1>[\s\S]*<\/main>/);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
    expect(html).toContain("Acme Payroll");
    expect(html).toContain(":focus-visible");
    expect(html).not.toContain("<script");
    expect(html).toContain('name="state" value="xyz"');
    expect(html).toContain(`name="code_challenge" value="${pkce.challenge}"`);
    expect(html).toContain('action="/auth/oauth2/authorize/login"');
  });

  it("sets an HttpOnly, SameSite=Lax CSRF cookie scoped to /auth/oauth2, and hardening headers", async () => {
    const res = await get();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ra_authorize_csrf="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth\/oauth2/);
    expect(cookie).not.toMatch(/Secure/); // the local default runs on http
    const token = /ra_authorize_csrf=([^;]+)/.exec(cookie!)![1];
    expect(await res.text()).toContain(`name="csrf_token" value="${token}"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("marks cookies Secure when the gateway is served over https", async () => {
    setup = await setupOAuth({ config: { baseUrl: "https://api.example" } });
    const res = await get();
    expect(res.headers.getSetCookie().find((c) => c.startsWith("ra_authorize_csrf="))).toMatch(/Secure/);
  });

  it("escapes what it echoes into the page", async () => {
    const res = await get({ state: '"><script>alert(1)</script>' });
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#34;&#62;&#60;script&#62;");
  });

  describe("never redirects when the client or redirect URI cannot be trusted", () => {
    const cases: [string, Record<string, string | undefined>][] = [
      ["unknown client", { client_id: "nobody" }],
      ["missing client_id", { client_id: undefined }],
      ["unregistered redirect URI", { redirect_uri: "https://evil.example/callback" }],
      ["redirect URI differing by a trailing slash", { redirect_uri: `${REDIRECT_URI}/` }],
      ["redirect URI with an extra query", { redirect_uri: `${REDIRECT_URI}?x=1` }],
      ["missing redirect URI", { redirect_uri: undefined }],
    ];
    it.each(cases)("%s → HTML error page 400", async (_, over) => {
      const res = await get(over);
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(/<main>[\s\S]*<h1>/);
    });

    it("a repeated redirect_uri → error page", async () => {
      const url = `${authorizeUrl(defaultAuthorizeParams(setup, pkce.challenge))}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`;
      const res = await setup.app.request(url);
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    });
  });

  describe("reports other errors to the client's redirect URI with state (RFC 6749 4.1.2.1)", () => {
    const cases: [string, Record<string, string | undefined>, string][] = [
      ["response_type token", { response_type: "token" }, "unsupported_response_type"],
      ["missing response_type", { response_type: undefined }, "invalid_request"],
      ["missing code_challenge", { code_challenge: undefined }, "invalid_request"],
      ["code_challenge too short", { code_challenge: "abc" }, "invalid_request"],
      ["code_challenge_method plain", { code_challenge_method: "plain" }, "invalid_request"],
      ["missing code_challenge_method", { code_challenge_method: undefined }, "invalid_request"],
      ["unknown scope", { scope: "employment:read root" }, "invalid_scope"],
      ["client-credentials-only scope", { scope: "pricing_plan:read" }, "invalid_scope"],
      ["missing scope", { scope: undefined }, "invalid_scope"],
    ];
    it.each(cases)("%s → %s", async (_, over, error) => {
      const res = await get({ state: "s-123", ...over });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get("error")).toBe(error);
      expect(location.searchParams.get("state")).toBe("s-123");
      expect(location.searchParams.get("code")).toBeNull();
    });

    it("a scope the client is not registered for → invalid_scope", async () => {
      const narrow = await registerClient(setup.db, {
        id: "narrow-client",
        secret: "narrow-client-secret-0123456789",
        name: "Narrow",
        redirectUris: [REDIRECT_URI],
        scopes: ["employment:read"],
      });
      const res = await get({ client_id: narrow.id, scope: "employment:read employment:write" });
      expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
    });

    it("a repeated parameter → invalid_request, without state when none was sent", async () => {
      const url = `${authorizeUrl(defaultAuthorizeParams(setup, pkce.challenge, { state: undefined }))}&scope=employment:read`;
      const res = await setup.app.request(url);
      const location = new URL(res.headers.get("location")!);
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.has("state")).toBe(false);
    });
  });

  it("appears in the OpenAPI document with its HTML responses, like the two form posts", () => {
    const doc = buildOpenApiDocument(OAUTH_TEST_ROUTES, setup.deps.config);
    const paths = doc.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, unknown> }>; security: unknown[] }>
    >;
    expect(paths["/auth/oauth2/authorize"]!.get!.responses["200"]!.content).toHaveProperty(["text/html"]);
    expect(paths["/auth/oauth2/authorize/login"]!.post!.responses["200"]!.content).toHaveProperty(["text/html"]);
    expect(paths["/auth/oauth2/authorize/consent"]!.post).toBeDefined();
    expect(paths["/auth/oauth2/token"]!.post!.security).toEqual([]);
    expect(paths["/auth/oauth2/revoke"]!.post).toBeDefined();
    expect(paths["/v1/identity/current"]!.get).toBeDefined();
    expect(paths["/v1/companies"]!.get).toBeDefined();
    expect(paths["/v1/companies/{company_id}"]!.get).toBeDefined();
  });
});
