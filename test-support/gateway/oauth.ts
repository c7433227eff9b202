import "server-only";
import { eq } from "drizzle-orm";
import { AUTHORIZATION_CODE_SCOPES, CLIENT_CREDENTIALS_SCOPES } from "@/lib/contract";
import { createGatewayApp, type GatewayApp } from "@/lib/gateway/app";
import type { GatewayDeps } from "@/lib/gateway/context";
import { pkceS256, randomToken } from "@/lib/gateway/crypto";
import { companyUsers } from "@/lib/gateway/db/schema";
import type { Logger } from "@/lib/logger";
import { companyRoutes } from "@/lib/gateway/routes/companies";
import { identityRoutes } from "@/lib/gateway/routes/identity";
import { oauthRoutes } from "@/lib/gateway/routes/oauth";
import { makeTenant } from "./factories";
import { createTestGateway, type TestGateway, type TestGatewayOptions } from "./harness";
import { registerClient } from "@/lib/gateway/oauth/clients";
import { hashPassword } from "@/lib/gateway/oauth/passwords";

// Test helpers for the OAuth flows: a gateway with a registered client and a tenant whose users can
// sign in, and a minimal browser (cookie jar, form parsing) to walk through the HTML pages.

export const REDIRECT_URI = "https://partner.example/oauth/callback";
export const PASSWORD = "correct horse battery staple";
export const OAUTH_TEST_ROUTES = [...oauthRoutes, ...identityRoutes, ...companyRoutes];

let passwordHash: Promise<string> | undefined;

export async function setupOAuth(options: TestGatewayOptions & { logger?: Logger; clientScopes?: string[] } = {}) {
  const gw = await createTestGateway(options);
  const deps: GatewayDeps = options.logger ? { ...gw.deps, logger: options.logger } : gw.deps;
  const app = createGatewayApp(deps, OAUTH_TEST_ROUTES);
  const { db } = deps;
  const tenant = await makeTenant(db, deps.config.environment);
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  for (const user of [tenant.owner, tenant.admin, tenant.peopleManager, tenant.onboardingManager]) {
    await db.update(companyUsers).set({ passwordHash: hash }).where(eq(companyUsers.id, user.id));
  }
  const secret = randomToken();
  const client = await registerClient(db, {
    id: `partner_${randomToken(6)}`,
    secret,
    name: "Acme Payroll",
    redirectUris: [REDIRECT_URI],
    scopes: options.clientScopes ?? [...new Set([...AUTHORIZATION_CODE_SCOPES, ...CLIENT_CREDENTIALS_SCOPES])],
  });
  return { gw, deps, app, db, tenant, client: { ...client, secret } };
}
export type OAuthSetup = Awaited<ReturnType<typeof setupOAuth>>;

/** A cookie jar of one browser: keeps what Set-Cookie sends, drops what it expires. */
export class Browser {
  readonly cookies = new Map<string, string>();

  /** `env`: what the node adapter would pass (e.g. `{incoming: {socket: {remoteAddress}}}` for the peer address). */
  constructor(
    private readonly app: GatewayApp,
    private readonly env?: Record<string, unknown>,
  ) {}

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await this.app.request(
      path,
      {
        method: init.method ?? (init.form ? "POST" : "GET"),
        headers,
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      },
      this.env,
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eqAt = pair.indexOf("=");
      const name = pair.slice(0, eqAt).trim();
      const value = pair.slice(eqAt + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Submits the page's form (hidden fields kept) with the given visible fields. */
  async submit(html: string, fields: Record<string, string>): Promise<Response> {
    const form = parseForm(html);
    return this.request(form.action, { form: { ...form.fields, ...fields } });
  }
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, "&");

/** The first form of a page: its action and its hidden fields. */
export function parseForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No form on the page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = unescape(m[2]!);
  return { action: unescape(action), fields };
}

export function newPkce() {
  const verifier = randomToken(48);
  return { verifier, challenge: pkceS256(verifier) };
}

export function authorizeUrl(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `/auth/oauth2/authorize?${q.toString()}`;
}

export function defaultAuthorizeParams(setup: OAuthSetup, challenge: string, over: Record<string, string | undefined> = {}) {
  return {
    response_type: "code",
    client_id: setup.client.id,
    redirect_uri: REDIRECT_URI,
    scope: "employment:read company:read",
    state: `state-${randomToken(6)}`,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...over,
  };
}

/** Walks the pages as a browser would (authorize, sign in, allow) and returns the code and state of the redirect. */
export async function obtainCode(
  setup: OAuthSetup,
  options: { email?: string; scope?: string; pkce?: { verifier: string; challenge: string } } = {},
) {
  const pkce = options.pkce ?? newPkce();
  const params = defaultAuthorizeParams(setup, pkce.challenge, options.scope ? { scope: options.scope } : {});
  const browser = new Browser(setup.app);
  const page = await browser.request(authorizeUrl(params));
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}`);
  const consent = await browser.submit(await page.text(), { email: options.email ?? setup.tenant.admin.email, password: PASSWORD });
  if (consent.status !== 200) throw new Error(`sign-in answered ${consent.status}`);
  const done = await browser.submit(await consent.text(), { decision: "allow" });
  const location = new URL(done.headers.get("location") ?? "");
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location.toString()}`);
  return { code, state: location.searchParams.get("state"), expectedState: params.state, verifier: pkce.verifier };
}

export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** POST /auth/oauth2/token with HTTP Basic (default) or client_secret_post. */
export function tokenRequest(
  app: GatewayApp,
  client: { id: string; secret: string },
  fields: Record<string, string>,
  auth: "basic" | "post" | "both" | "none" = "basic",
  path = "/auth/oauth2/token",
): Promise<Response> {
  const body = new URLSearchParams(fields);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "basic" || auth === "both") headers.authorization = basicAuth(client.id, client.secret);
  if (auth === "post" || auth === "both") {
    body.set("client_id", client.id);
    body.set("client_secret", client.secret);
  }
  return Promise.resolve(app.request(path, { method: "POST", headers, body: body.toString() }));
}

/** Signs in through the pages and exchanges the code: an authorization-code token response. */
export async function obtainTokens(setup: OAuthSetup, options: Parameters<typeof obtainCode>[1] = {}) {
  const { code, verifier } = await obtainCode(setup, options);
  const res = await tokenRequest(setup.app, setup.client, {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  if (res.status !== 200) throw new Error(`token exchange answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string; company_id: string; user_id: string; scope: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type { TestGateway };
