import "server-only";
import type { Environment } from "@/lib/contract";
import { issueCustomerToken } from "@/lib/gateway/oauth/customer-tokens";
import { Browser, parseForm } from "@/test-support/gateway/oauth";
import { applyDemoAccess, demoCompanyId, demoUserId, seedDemoData } from "@/lib/gateway/seed";
import { DEMO } from "@/lib/gateway/seed/demo";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { createAuthDeps, type AuthDeps } from "@/lib/console/server/auth/deps";
import { createAuthRouteHandler } from "@/lib/console/server/auth/route-handler";
import { API_URLS, CALLBACK_URL, captureLogs, CONSOLE_URL, ConsoleCookieJar, PARTNER_CALLBACK_URL, testConsoleConfig } from "./auth";
import { getConsoleTestDatabase } from "./db";
import { ensureOperator, type Operator } from "@/lib/console/server/partner/operators";

// The partner view against real in-process API gateways seeded with the demo data (both environments;
// in the sandbox, Acme Robotics and Globex Logistics are the companies A and B), the console's auth
// and partner routes over the console test database, and browsers that keep cookies: the console's
// (operator, company admin) and the API's (its sign-in and consent pages).

export const PARTNER_PASSWORD = "partner-test-demo-password";
export const OPERATOR = { email: "operator@partner.example", name: "Paula Partner", password: "operator password 0123" };
export const CLIENT = { clientId: DEMO.clientId, clientSecret: "partner-test-client-secret-0123456789" };
export const CUSTOMER_TOKENS = {
  acme: "ra_test_partner_test_acme_owner_0123456789",
  globex: "ra_test_partner_test_globex_owner_0123456789",
} as const;

export const COMPANY_A = { key: "acme", id: demoCompanyId("sandbox", "acme"), name: "Acme Robotics", owner: "owner@acme.example" } as const;
export const COMPANY_B = {
  key: "globex",
  id: demoCompanyId("sandbox", "globex"),
  name: "Globex Logistics",
  owner: "owner@globex.example",
} as const;

export interface ApiCall {
  method: string;
  url: URL;
  status: number;
  /** For the token endpoint: the grant type asked for. */
  grantType: string | null;
}

export async function setupPartner(options: { now?: () => Date } = {}) {
  const gateways = {} as Record<Environment, TestGateway>;
  for (const environment of ["sandbox", "production"] as const) {
    const gw = await createTestGateway({ environment });
    await seedDemoData(gw.deps.db, { environment, password: PARTNER_PASSWORD });
    await applyDemoAccess(gw.deps.db, {
      environment,
      client: { id: CLIENT.clientId, secret: CLIENT.clientSecret, redirectUris: [CALLBACK_URL, PARTNER_CALLBACK_URL] },
      customerToken: environment === "sandbox" ? CUSTOMER_TOKENS.acme : "ra_live_partner_test_acme_owner_0123456789",
      password: PARTNER_PASSWORD,
      adminEmail: DEMO.adminEmail,
    });
    gateways[environment] = gw;
  }
  await issueCustomerToken(gateways.sandbox.deps.db, {
    companyId: COMPANY_B.id,
    userId: demoUserId("sandbox", COMPANY_B.key, "owner"),
    environment: "sandbox",
    name: "partner test",
    token: CUSTOMER_TOKENS.globex,
  });

  const calls: ApiCall[] = [];
  const byHost = new Map<string, Environment>([
    [new URL(API_URLS.sandbox).host, "sandbox"],
    [new URL(API_URLS.production).host, "production"],
  ]);
  let tokenEndpointDown = false;
  const apiFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const environment = byHost.get(url.host);
    if (!environment) throw new TypeError("fetch failed (connect ECONNREFUSED)");
    const grantType =
      url.pathname === "/auth/oauth2/token" && typeof init?.body === "string" ? new URLSearchParams(init.body).get("grant_type") : null;
    if (tokenEndpointDown && grantType === "refresh_token") {
      calls.push({ method: "POST", url, status: 503, grantType });
      return Response.json({ error: "temporarily_unavailable", error_description: "The token endpoint is down (test)" }, { status: 503 });
    }
    const res = await gateways[environment].app.request(url.toString(), init);
    calls.push({ method: init?.method ?? "GET", url, status: res.status, grantType });
    return res;
  };

  const { logLines, logger } = captureLogs();
  const config = testConsoleConfig({ sandbox: CLIENT, production: CLIENT });
  const db = (await getConsoleTestDatabase()).db;
  const makeDeps = (): AuthDeps =>
    createAuthDeps({ config, db, logger, fetch: apiFetch, resolveBaseUrl: async (e) => API_URLS[e], now: options.now });
  const deps = makeDeps();
  const operator: Operator = await ensureOperator(db, OPERATOR);
  const handler = createAuthRouteHandler(async () => deps);

  return {
    gateways,
    deps,
    db,
    calls,
    logLines,
    operator,
    handler,
    /** Another console instance over the same console database (its own in-process state). */
    makeDeps,
    /** Refresh-token grants answer 503 until called with false. */
    setTokenEndpointDown(value: boolean) {
      tokenEndpointDown = value;
    },
    /** Token endpoint calls of a grant type so far. */
    tokenCalls: (grantType: string) => calls.filter((c) => c.grantType === grantType).length,
  };
}
export type PartnerSetup = Awaited<ReturnType<typeof setupPartner>>;

/** A browser of the console (operator or company admin): cookies kept across the console's routes. */
export class PartnerBrowser extends ConsoleCookieJar {
  constructor(private readonly setup: PartnerSetup) {
    super();
  }

  /** Calls /api/auth/<path> through the console's next-auth handler. */
  async auth(path: string, form?: Record<string, string>): Promise<Response> {
    const { req, nextauth } = this.authRequest(path, form);
    return this.keep(await this.setup.handler(req, { params: Promise.resolve({ nextauth }) }));
  }

  private async credentials(provider: string, fields: Record<string, string>): Promise<{ status: number; url: URL; error: string | null }> {
    const csrf = (await (await this.auth("csrf")).json()) as { csrfToken: string };
    const res = await this.auth(`callback/${provider}`, { csrfToken: csrf.csrfToken, callbackUrl: "/partner", json: "true", ...fields });
    const body = (await res.json()) as { url: string };
    const url = new URL(body.url, CONSOLE_URL);
    return { status: res.status, url, error: url.searchParams.get("error") };
  }

  /** "Sign in with the Employment API" (next-auth's OAuth provider) as a company user, through the API's pages. */
  async signInWithOAuth(email: string, environment: Environment = "sandbox"): Promise<Response> {
    const csrf = (await (await this.auth("csrf")).json()) as { csrfToken: string };
    const start = await this.auth(`signin/employment-api?environment=${environment}`, {
      csrfToken: csrf.csrfToken,
      callbackUrl: "/employments",
      json: "true",
    });
    const { url } = (await start.json()) as { url: string };
    const api = new Browser(this.setup.gateways[environment].app);
    const login = await api.request(url);
    const consent = await api.submit(await login.text(), { email, password: PARTNER_PASSWORD });
    const form = parseForm(await consent.text());
    const done = await api.request(form.action, { form: { ...form.fields, decision: "allow" } });
    const callback = new URL(done.headers.get("location") ?? "");
    return this.auth(`callback/employment-api${callback.search}`);
  }

  signInOperator(email = OPERATOR.email, password = OPERATOR.password) {
    return this.credentials("operator", { email, password });
  }

  signInWithToken(token: string) {
    return this.credentials("customer-token", { token });
  }
}

/**
 * An admin of a company opens a consent link and goes through the API's pages: returns the callback's
 * answer of the console (a redirect to the link's page). `decision` deny answers access_denied.
 */
export async function consentThroughLink(
  setup: PartnerSetup,
  browser: PartnerBrowser,
  linkUrl: string,
  options: { email: string; decision?: "allow" | "deny"; environment?: Environment },
  handlers: { start: (req: Request) => Promise<Response>; callback: (req: Request) => Promise<Response> },
): Promise<Response> {
  const token = new URL(linkUrl).pathname.split("/").pop()!;
  const start = browser.keep(await handlers.start(browser.request(`/api/partner/connect/start?link=${token}`)));
  const authorize = start.headers.get("location");
  if (start.status !== 303 || !authorize?.includes("/auth/oauth2/authorize"))
    throw new Error(`connect did not start: ${start.status} ${authorize}`);
  const api = new Browser(setup.gateways[options.environment ?? "sandbox"].app);
  const login = await api.request(authorize);
  if (login.status !== 200) throw new Error(`authorize answered ${login.status}: ${await login.text()}`);
  const consent = await api.submit(await login.text(), { email: options.email, password: PARTNER_PASSWORD });
  if (consent.status !== 200) throw new Error(`API sign-in answered ${consent.status}`);
  const form = parseForm(await consent.text());
  const done = await api.request(form.action, { form: { ...form.fields, decision: options.decision ?? "allow" } });
  const location = done.headers.get("location");
  if (!location?.startsWith(PARTNER_CALLBACK_URL)) throw new Error(`consent answered ${done.status} ${location}`);
  const callbackUrl = new URL(location);
  return browser.keep(await handlers.callback(browser.request(`${callbackUrl.pathname}${callbackUrl.search}`)));
}
