import "server-only";
import { AUTHORIZATION_CODE_SCOPES, type Environment } from "@/lib/contract";
import { randomToken } from "@/lib/gateway/crypto";
import { registerClient } from "@/lib/gateway/oauth/clients";
import { createLogger } from "@/lib/logger";
import { Browser, PASSWORD, parseForm, setupOAuth, type OAuthSetup } from "@/test-support/gateway/oauth";
import type { ConsoleConfig } from "@/lib/console/server/config";
import { getConsoleTestDatabase } from "./db";
import { createAuthDeps, type AuthDeps } from "@/lib/console/server/auth/deps";
import { createAuthRouteHandler } from "@/lib/console/server/auth/route-handler";

// The console's auth against real in-process API gateways (both environments), for tests: a fetch
// that routes the console's HTTP calls to the gateways' Hono apps and records them, a log capture,
// and a cookie-keeping browser for the console's /api/auth routes.

export const CONSOLE_URL = "http://127.0.0.1:3000";
export const CALLBACK_URL = `${CONSOLE_URL}/api/auth/callback/employment-api`;
export const PARTNER_CALLBACK_URL = `${CONSOLE_URL}/api/partner/connect/callback`;
export const API_URLS: Record<Environment, string> = { sandbox: "http://127.0.0.1:4010", production: "http://127.0.0.1:4011" };
export const TEST_AUTH_SECRET = "console-auth-test-secret-0123456789abcdef";

/** The console's logger (lib/logger.ts, with its redaction) writing into an array (tests read what was logged). */
export function captureLogs() {
  const logLines: string[] = [];
  return {
    logLines,
    logger: createLogger({ level: "debug", name: "console-auth", destination: { write: (line: string) => void logLines.push(line) } }),
  };
}

/** The console configuration of tests: the in-process API's URLs, the given OAuth clients (admins sign in with the console's unless told), no operator. */
export function testConsoleConfig(
  clients: Record<Environment, { clientId: string; clientSecret: string }>,
  adminClients: Record<Environment, { clientId: string; clientSecret: string }> = clients,
): ConsoleConfig {
  return {
    consoleUrl: CONSOLE_URL,
    callbackUrl: CALLBACK_URL,
    partnerCallbackUrl: PARTNER_CALLBACK_URL,
    operator: null,
    embedded: true,
    apiUrls: { ...API_URLS },
    clients,
    adminClients,
    dataDir: "/nonexistent",
    database: { kind: "pglite", dataDir: "/nonexistent" },
    authSecret: TEST_AUTH_SECRET,
    authSecretSource: "AUTH_SECRET",
    secureCookies: false,
  };
}

export interface RecordedCall {
  method: string;
  url: URL;
  status: number;
}

export async function setupConsoleAuth(options: { separateAdminClient?: boolean } = {}) {
  const gateways: Record<Environment, OAuthSetup> = {
    sandbox: await setupOAuth({ environment: "sandbox" }),
    production: await setupOAuth({ environment: "production" }),
  };
  const clients = {} as Record<Environment, { clientId: string; clientSecret: string }>;
  for (const environment of ["sandbox", "production"] as const) {
    const secret = randomToken();
    const client = await registerClient(gateways[environment].db, {
      id: `roster-console-${environment}`,
      secret,
      name: "Roster console",
      redirectUris: [CALLBACK_URL, PARTNER_CALLBACK_URL],
      scopes: [...AUTHORIZATION_CODE_SCOPES],
    });
    clients[environment] = { clientId: client.id, clientSecret: secret };
  }
  // CONSOLE_ADMIN_<ENV>_CLIENT_ID/SECRET: a second client for company admins' sign-in.
  const adminClients = { ...clients };
  if (options.separateAdminClient) {
    for (const environment of ["sandbox", "production"] as const) {
      const secret = randomToken();
      const client = await registerClient(gateways[environment].db, {
        id: `roster-console-admins-${environment}`,
        secret,
        name: "Roster console (company admins)",
        redirectUris: [CALLBACK_URL],
        scopes: [...AUTHORIZATION_CODE_SCOPES],
      });
      adminClients[environment] = { clientId: client.id, clientSecret: secret };
    }
  }

  const calls: RecordedCall[] = [];
  const byHost = new Map<string, Environment>([
    [new URL(API_URLS.sandbox).host, "sandbox"],
    [new URL(API_URLS.production).host, "production"],
  ]);
  let down = false;
  const apiFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const environment = byHost.get(url.host);
    if (!environment || down) throw new TypeError("fetch failed (connect ECONNREFUSED)");
    const res = await gateways[environment].gw.app.request(url.toString(), init);
    calls.push({ method: init?.method ?? "GET", url, status: res.status });
    return res;
  };

  const { logLines, logger } = captureLogs();
  const config = testConsoleConfig(clients, adminClients);
  const db = (await getConsoleTestDatabase()).db;
  const deps: AuthDeps = createAuthDeps({ config, db, logger, fetch: apiFetch, resolveBaseUrl: async (e) => API_URLS[e] });
  const handler = createAuthRouteHandler(async () => deps);
  return {
    gateways,
    clients,
    adminClients,
    calls,
    logLines,
    deps,
    handler,
    /** Makes the API unreachable (network failure) until called with false. */
    setApiDown(value: boolean) {
      down = value;
    },
  };
}
export type ConsoleAuthSetup = Awaited<ReturnType<typeof setupConsoleAuth>>;

/** The cookies of one browser of the console, and requests to its routes carrying them. */
export class ConsoleCookieJar {
  readonly cookies = new Map<string, string>();

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** A request to a console route, with this browser's cookies and the BFF header. */
  request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Request {
    const url = new URL(path, CONSOLE_URL);
    const headers: Record<string, string> = { host: url.host, origin: CONSOLE_URL, "x-roster-bff": "1", ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (init.json !== undefined) headers["content-type"] = "application/json";
    return new Request(url, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  }

  /** A request to /api/auth/<path> (a form post when fields are given), for next-auth's handler. */
  authRequest(path: string, form?: Record<string, string>): { req: Request; nextauth: string[] } {
    const url = new URL(`/api/auth/${path}`, CONSOLE_URL);
    const headers: Record<string, string> = { host: url.host };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const req = new Request(url, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined });
    return { req, nextauth: url.pathname.replace(/^\/api\/auth\//, "").split("/") };
  }
}

/** A browser of the console: keeps cookies across calls to the /api/auth routes. */
export class ConsoleBrowser extends ConsoleCookieJar {
  constructor(private readonly setup: ConsoleAuthSetup) {
    super();
  }

  /** Calls /api/auth/<path> through the console's route handler. */
  async auth(path: string, init: { form?: Record<string, string> } = {}): Promise<Response> {
    const { req, nextauth } = this.authRequest(path, init.form);
    return this.keep(await this.setup.handler(req, { params: Promise.resolve({ nextauth }) }));
  }

  async csrfToken(): Promise<string> {
    const res = await this.auth("csrf");
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** next-auth/react's signIn(): returns the URL it would navigate to. */
  async startOAuth(environment: Environment | string, callbackUrl = "/employments"): Promise<string> {
    const csrfToken = await this.csrfToken();
    const res = await this.auth(`signin/employment-api?environment=${environment}`, { form: { csrfToken, callbackUrl, json: "true" } });
    const body = (await res.json()) as { url?: string; error?: string };
    if (!body.url) throw new Error(`sign-in did not start: ${res.status} ${JSON.stringify(body)}`);
    return body.url;
  }

  /**
   * The whole OAuth sign-in: start, the API's sign-in and consent pages, back to the callback.
   * Returns the callback's response (a redirect).
   */
  async signInWithOAuth(environment: Environment, options: { email?: string; decision?: "allow" | "deny"; callbackUrl?: string } = {}) {
    const authorizeUrl = await this.startOAuth(environment, options.callbackUrl);
    const gateway = this.setup.gateways[environment];
    const api = new Browser(gateway.gw.app);
    const login = await api.request(authorizeUrl);
    if (login.status !== 200) throw new Error(`authorize answered ${login.status}: ${await login.text()}`);
    const consent = await api.submit(await login.text(), { email: options.email ?? gateway.tenant.admin.email, password: PASSWORD });
    if (consent.status !== 200) throw new Error(`API sign-in answered ${consent.status}`);
    const consentForm = parseForm(await consent.text());
    const done = await api.request(consentForm.action, { form: { ...consentForm.fields, decision: options.decision ?? "allow" } });
    const location = done.headers.get("location");
    if (!location) throw new Error(`consent answered ${done.status} without a redirect`);
    const callback = new URL(location);
    if (`${callback.origin}${callback.pathname}` !== CALLBACK_URL) throw new Error(`unexpected redirect ${location}`);
    return this.auth(`callback/employment-api${callback.search}`);
  }

  /** The customer-token form's signIn("customer-token", {token, redirect: false}). */
  async signInWithToken(token: string, callbackUrl = "/employments") {
    const csrfToken = await this.csrfToken();
    const res = await this.auth("callback/customer-token", { form: { csrfToken, token, callbackUrl, json: "true" } });
    const body = (await res.json()) as { url: string };
    const url = new URL(body.url, CONSOLE_URL);
    return { status: res.status, url, error: url.searchParams.get("error") };
  }
}
