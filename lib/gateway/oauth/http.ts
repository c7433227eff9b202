import "server-only";
import type { GatewayContext } from "../context";
import { ApiError, fieldErrors } from "../errors";
import { stringProblem, toWellFormed } from "../input-hygiene";
import { authThrottleOf, clientAddress, type ThrottleKey } from "./auth-throttle";
import { authenticateClient, type OAuthClient } from "./clients";
import { OAuthError } from "./oauth-error";

/** A parsed application/x-www-form-urlencoded body (or query) that knows which parameters were repeated. */
export class FormParams {
  constructor(private readonly params: URLSearchParams) {}

  /** The value of a parameter sent once; undefined when absent. A repeated one yields its first value (check `repeated`). */
  get(name: string): string | undefined {
    return this.params.get(name) ?? undefined;
  }

  /** Parameters sent more than once: RFC 6749 3.1 and 3.2 forbid it. */
  repeated(names?: readonly string[]): string[] {
    const keys = names ?? [...new Set(this.params.keys())];
    return keys.filter((k) => this.params.getAll(k).length > 1);
  }

  has(name: string): boolean {
    return this.params.has(name);
  }
}

export const isFormContentType = (contentType: string | undefined) =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? "");

/**
 * The form body, or null when the request is not application/x-www-form-urlencoded. A name or value
 * holding U+0000 (or an unpaired surrogate) is the API's one input rule: 422 on the field.
 */
export async function readForm(c: GatewayContext): Promise<FormParams | null> {
  if (!isFormContentType(c.req.header("content-type"))) return null;
  const params = new URLSearchParams(await c.req.text());
  for (const [name, value] of params) {
    const problem = stringProblem(name) ?? stringProblem(value);
    if (problem) throw fieldErrors({ [toWellFormed(name.replaceAll("\u0000", "\ufffd"))]: [problem] });
  }
  return new FormParams(params);
}

export const isJsonContentType = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? "");

/**
 * The token request's parameters: a form body, or a JSON object of strings (the provider accepts
 * both). Null for another content type; a JSON body that is not an object of strings is invalid_request.
 */
export async function readTokenParams(c: GatewayContext): Promise<FormParams | null> {
  if (!isJsonContentType(c.req.header("content-type"))) return readForm(c);
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new OAuthError("invalid_request", "The body is not valid JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new OAuthError("invalid_request", "The body must be a JSON object");
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== "string") throw new OAuthError("invalid_request", `${name} must be a string`);
    const problem = stringProblem(name) ?? stringProblem(value);
    if (problem) throw fieldErrors({ [toWellFormed(name.replaceAll("\u0000", "\ufffd"))]: [problem] });
    params.append(name, value);
  }
  return new FormParams(params);
}

export function queryParams(c: GatewayContext): FormParams {
  return new FormParams(new URL(c.req.url).searchParams);
}

/** RFC 6749 2.3.1: Basic credentials are form-urlencoded before base64; clients that skip it still decode to themselves. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

type ClientCredentials = { clientId: string; secret: string; method: "client_secret_basic" | "client_secret_post" };

/** Reads the client's credentials from HTTP Basic or the body (client_secret_post), never both in one request. */
export function readClientCredentials(authorization: string | undefined, form: FormParams): ClientCredentials {
  const bodyId = form.get("client_id");
  const bodySecret = form.get("client_secret");
  if (authorization !== undefined) {
    if (bodySecret !== undefined) {
      throw new OAuthError("invalid_request", "Use one client authentication method: HTTP Basic or client_secret_post, not both");
    }
    const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(authorization.trim());
    if (!match?.[1]) throw new OAuthError("invalid_client", "Client authentication failed");
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "Client authentication failed");
    const clientId = formDecode(decoded.slice(0, colon));
    if (bodyId !== undefined && bodyId !== clientId)
      throw new OAuthError("invalid_request", "client_id in the body differs from HTTP Basic");
    return { clientId, secret: formDecode(decoded.slice(colon + 1)), method: "client_secret_basic" };
  }
  if (bodyId !== undefined && bodySecret !== undefined) return { clientId: bodyId, secret: bodySecret, method: "client_secret_post" };
  throw new OAuthError("invalid_client", "Client authentication failed");
}

/**
 * Authenticates the client of a token or revocation request; invalid_client when it fails. Failures
 * are throttled per client id and per address (429 with Retry-After once spent: auth-throttle.ts).
 */
export async function authenticateRequestClient(c: GatewayContext, form: FormParams): Promise<OAuthClient> {
  const deps = c.get("deps");
  const throttle = authThrottleOf(deps);
  const address = { kind: "token_address", id: clientAddress(c) } as const;
  let credentials: ClientCredentials;
  try {
    credentials = readClientCredentials(c.req.header("authorization"), form);
  } catch (error) {
    // Unreadable credentials count against the address only (there is no client id to blame).
    if (error instanceof OAuthError && error.error === "invalid_client") {
      const wait = await throttle.blockedFor([address]);
      if (wait !== null) throw tooManyFailures(wait);
      await throttle.recordFailure([address]);
    }
    throw error;
  }
  const clientKey: ThrottleKey = { kind: "client", id: credentials.clientId.slice(0, 255) };
  const keys = [clientKey, address];
  const wait = await throttle.blockedFor(keys);
  if (wait !== null) {
    deps.logger.warn(
      { event: "oauth.client_auth_throttled", clientId: credentials.clientId.slice(0, 255) },
      "client authentication throttled",
    );
    throw tooManyFailures(wait);
  }
  const client = await authenticateClient(deps.db, credentials.clientId, credentials.secret);
  if (!client) {
    await throttle.recordFailure(keys);
    throw new OAuthError("invalid_client", "Client authentication failed");
  }
  await throttle.recordSuccess(clientKey);
  return client;
}

const tooManyFailures = (retryAfterSeconds: number) =>
  new ApiError(
    "rate_limited",
    { message: `Too many failed client authentications: try again in ${retryAfterSeconds} seconds` },
    { "Retry-After": String(retryAfterSeconds) },
  );

/** Token responses hold credentials: never cached (RFC 6749 5.1), whatever the outcome. */
export const NO_STORE_HEADERS = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

/**
 * An OAuth error answer. `rfc6749` (revocation, RFC 7009): `{error, error_description}`. `provider`
 * (the token endpoint): the provider's `{message}` (PostAuthOauth2TokenErrors), the RFC 6749 code
 * first so that clients can still tell `invalid_grant` from `invalid_client` (docs/decisions/contract-core.md).
 */
export function oauthErrorResponse(c: GatewayContext, error: OAuthError, shape: "rfc6749" | "provider" = "rfc6749"): Response {
  const headers: Record<string, string> = { ...NO_STORE_HEADERS };
  // RFC 6749 5.2: a 401 invalid_client names the scheme the client can authenticate with.
  if (error.status === 401) headers["WWW-Authenticate"] = 'Basic realm="oauth2", charset="UTF-8"';
  const body =
    shape === "provider"
      ? { message: `${error.error}: ${error.description}` }
      : { error: error.error, error_description: error.description };
  return c.json(body, error.status, headers);
}
