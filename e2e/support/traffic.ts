import type { BrowserContext, Request, Response } from "@playwright/test";
import { API_ORIGINS, CONSOLE_URL, SECRETS } from "./env";

// Records what the browser sends and what the console answers it, to prove that no API token ever
// reaches the browser: no Authorization header at all, no direct call to the API (except its own
// authorize pages, which the user navigates to), no secret or Customer API token in a URL, a header
// (cookies included), a request body, or a console response. The access tokens of an OAuth sign-in
// are opaque and known only to the server, so for them the checks are the header and the API calls.

export interface RecordedRequest {
  method: string;
  url: string;
  resourceType: string;
  navigation: boolean;
  headers: Record<string, string>;
  postData: string | null;
}

/** A Customer API token's shape (the sign-in hint's bare "ra_test_" prefix is not one). */
const CUSTOMER_TOKEN_SHAPE = /ra_(?:test|live)_[A-Za-z0-9_-]{8,}/;
/** OAuth tokens by name, in a query string, a form body or JSON. */
const TOKEN_PARAMETER = /(?:^|[?&"\s,{])(?:access_token|refresh_token|id_token)["']?\s*[=:]/i;
/** The only API paths the browser may open: the authorize page, its sign-in and consent forms. */
const AUTHORIZE_PATH = /^\/auth\/oauth2\/authorize(?:\/(?:login|consent))?$/;
const CONSOLE_ORIGIN = new URL(CONSOLE_URL).origin;
const READ_BODIES = new Set(["document", "fetch", "xhr"]);
/** How long a request's headers or a response's body are waited for. */
const WAIT_MS = 3_000;

export class BrowserTraffic {
  readonly requests: RecordedRequest[] = [];
  private readonly responses: { url: string; status: number; body: string }[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly exemptions: { reason: string; matches: (r: RecordedRequest) => boolean }[] = [];

  /** Starts recording a browser context (every page, popup and frame of it). */
  watch(context: BrowserContext): void {
    context.on("request", (request) => this.track(this.recordRequest(request)));
    context.on("response", (response) => this.track(this.recordResponse(response)));
  }

  /**
   * One request that may carry a secret in its body, with the reason: signing in with a Customer API
   * token posts it once, to the console's own sign-in route (it is then kept on the server).
   */
  allowSecretInBody(reason: string, matches: (r: RecordedRequest) => boolean): void {
    this.exemptions.push({ reason, matches });
  }

  /** Waits for the headers and bodies still being read. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Everything that breaks the rule, one line each (empty when the browser never saw a token). */
  async problems(): Promise<string[]> {
    await this.settle();
    const out: string[] = [];
    for (const r of this.requests) {
      const where = `${r.method} ${r.url}`;
      const url = new URL(r.url);
      if ("authorization" in r.headers) out.push(`${where} carries an Authorization header (${r.headers.authorization!.split(" ")[0]} …)`);
      if (API_ORIGINS.has(url.origin)) {
        const authorizePage = r.resourceType === "document" && AUTHORIZE_PATH.test(url.pathname);
        if (!authorizePage)
          out.push(`${where} goes to the Employment API directly (${r.resourceType}); only its authorize pages may be opened`);
      }
      const exempt = this.exemptions.find((e) => e.matches(r));
      const places: [string, string][] = [
        ["URL", r.url],
        ...Object.entries(r.headers).map(([name, value]): [string, string] => [`header ${name}`, value]),
        ...(r.postData !== null && !exempt ? [["body", r.postData] as [string, string]] : []),
      ];
      for (const [place, text] of places) out.push(...leaks(text).map((what) => `${where}: ${place} contains ${what}`));
      if (exempt && r.postData !== null && new URL(r.url).origin !== CONSOLE_ORIGIN) {
        out.push(`${where}: ${exempt.reason}, but it was sent outside the console (${url.origin})`);
      }
    }
    for (const res of this.responses) out.push(...leaks(res.body).map((what) => `response of ${res.url} (${res.status}) contains ${what}`));
    return out;
  }

  /** A short listing for the test report. */
  summary(): string {
    return this.requests.map((r) => `${r.method.padEnd(6)} ${r.resourceType.padEnd(10)} ${r.url}`).join("\n");
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async recordRequest(request: Request): Promise<void> {
    const entry: RecordedRequest = {
      method: request.method(),
      url: request.url(),
      resourceType: request.resourceType(),
      navigation: request.isNavigationRequest(),
      headers: request.headers(),
      postData: request.postData(),
    };
    this.requests.push(entry);
    // allHeaders() adds what the network stack sent (cookies among them); it never resolves for a
    // request the page cancelled before any answer, which then keeps the headers the page set.
    const all = await within(request.allHeaders(), WAIT_MS);
    if (all) entry.headers = all;
  }

  private async recordResponse(response: Response): Promise<void> {
    const request = response.request();
    if (new URL(response.url()).origin !== CONSOLE_ORIGIN || !READ_BODIES.has(request.resourceType())) return;
    if (response.status() >= 300 && response.status() < 400) return;
    // A body that never ends (the page went away while it streamed) is not waited for.
    const body = await within(response.text(), WAIT_MS);
    if (body !== null) this.responses.push({ url: response.url(), status: response.status(), body });
  }
}

/** The value of a promise, or null when it has not settled within `ms` (it is then left alone). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

/** The secrets and token-shaped strings in a text. */
function leaks(text: string): string[] {
  const found: string[] = [];
  let decoded = text;
  try {
    decoded = decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    // not URL-encoded
  }
  for (const [name, secret] of Object.entries(SECRETS)) {
    if (text.includes(secret) || decoded.includes(secret)) found.push(name);
  }
  if (found.length === 0 && (CUSTOMER_TOKEN_SHAPE.test(text) || CUSTOMER_TOKEN_SHAPE.test(decoded))) found.push("a Customer API token");
  if (TOKEN_PARAMETER.test(text) || TOKEN_PARAMETER.test(decoded)) found.push("an OAuth token parameter");
  return found;
}
