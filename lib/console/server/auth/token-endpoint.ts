import "server-only";
import { z } from "zod";
import { TokenResponseSchema, type Identity, type TokenResponse, type Environment } from "@/lib/contract";
import { createApiClient } from "../api-client";
import { ApiRequestError } from "../../api-errors";
import type { ApiClientCredentials } from "../config";
import { getCurrentIdentity } from "@/lib/console/server/identity/api";

// The console as an OAuth client of the Employment API: token endpoint (authorization code with
// PKCE, refresh), RFC 7009 revocation and the identity of a token. Form-encoded bodies, client
// authenticated with HTTP Basic (client_secret_basic), as DECISIONS.md "Token endpoint" describes.
// Errors keep the API's own words (the token endpoint's `{message}`, whose RFC 6749 code comes
// first; revocation's `error` / `error_description`), never a token.

const TIMEOUT_MS = 10_000;

export interface OAuthEndpointOptions {
  baseUrl: string;
  client: ApiClientCredentials;
  fetch?: typeof fetch;
}

/** An RFC 6749 error answer of the token endpoint (or a non-JSON failure). */
export class TokenEndpointError extends Error {
  override name = "TokenEndpointError";
  constructor(
    readonly status: number,
    /** RFC 6749 error code, e.g. invalid_grant; "server_error" when the body was not an OAuth error. */
    readonly error: string,
    readonly description: string | null,
    readonly requestId: string | null,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/**
 * A refresh the token endpoint refused for a reason that is not the user's (invalid_client, 5xx,
 * 429): signing in again would not help, so the answer says what the API said. A 4xx other than 429
 * is the console's configuration, not the user's request: 502.
 */
export function refreshFailedError(error: TokenEndpointError, what: string): ApiRequestError {
  const limited = error.status === 429;
  return new ApiRequestError({
    kind: limited ? "rate_limited" : "server",
    status: limited || error.status >= 500 ? error.status : 502,
    message: `Refreshing ${what} failed: ${error.message}`,
    requestId: error.requestId,
  });
}

/**
 * RFC 6749 2.3.1: id and secret are percent-encoded before the Basic encoding (a space as %20, which
 * both form decoders and decodeURIComponent read back).
 */
export function basicAuthorization(client: ApiClientCredentials): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}`;
}

const endpoint = (baseUrl: string, path: string) => new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);

async function postForm(options: OAuthEndpointOptions, path: string, fields: Record<string, string>): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  try {
    return await doFetch(endpoint(options.baseUrl, path), {
      method: "POST",
      headers: {
        authorization: basicAuthorization(options.client),
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams(fields).toString(),
      cache: "no-store",
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiRequestError({
      kind: "network",
      status: 0,
      message: `The API could not be reached at ${path}: ${(error as Error).message}`,
      requestId: null,
    });
  }
}

async function readTokenResponse(res: Response): Promise<TokenResponse> {
  const requestId = res.headers.get("x-request-id");
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { error?: unknown; error_description?: unknown; message?: unknown };
    // The provider's token endpoint answers `{message}`; Roster's starts it with the RFC 6749 code
    // ("invalid_grant: ..."). RFC 7009 revocation answers `{error, error_description}`.
    const coded = typeof b.message === "string" ? /^([a-z_]+): (.*)$/s.exec(b.message) : null;
    const error =
      typeof b.error === "string"
        ? b.error
        : coded
          ? coded[1]!
          : typeof b.message === "string" && (res.status === 400 || res.status === 401)
            ? res.status === 401
              ? "invalid_client"
              : "invalid_request"
            : "server_error";
    const description =
      typeof b.error_description === "string"
        ? b.error_description
        : coded
          ? coded[2]!
          : typeof b.message === "string"
            ? b.message
            : `HTTP ${res.status}`;
    throw new TokenEndpointError(res.status, error, description, requestId);
  }
  const parsed = TokenReadSchema.safeParse(body);
  if (!parsed.success) {
    throw new TokenEndpointError(
      res.status,
      "server_error",
      `Unexpected token response: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
      requestId,
    );
  }
  const { access_token, token_type, expires_in, ...rest } = parsed.data;
  // The provider's BaseTokenResponse makes every field optional, even on a 200: without an access
  // token there is nothing to sign in with, which the user reads as a failed sign-in, not a crash.
  if (!access_token)
    throw new TokenEndpointError(res.status, NO_ACCESS_TOKEN, "the API's token endpoint answered without an access token", requestId);
  if (token_type !== undefined && token_type.toLowerCase() !== "bearer")
    throw new TokenEndpointError(
      res.status,
      "unsupported_token_type",
      `the API issued a ${token_type} token; the console uses Bearer tokens`,
      requestId,
    );
  return { ...rest, access_token, token_type: "Bearer", expires_in: expires_in ?? expiresInOf(access_token) };
}

/** The RFC 6749 error code of a 200 token response without `access_token` (a clear sign-in error). */
export const NO_ACCESS_TOKEN = "no_access_token";

/**
 * The token endpoint's answer as the provider types it (BaseTokenResponse: `access_token?`,
 * `token_type?` "for now, always Bearer", `expires_in?`), read into the contract's TokenResponse.
 */
const TokenReadSchema = TokenResponseSchema.extend({
  access_token: z.string().optional(),
  token_type: z.string().optional(),
  expires_in: z.number().int().optional(),
});

/** Seconds assumed when the answer has no `expires_in`: a short life, so a refresh comes early rather than a 401. */
const DEFAULT_EXPIRES_IN = 300;

/** `expires_in` when absent: the access token's own `exp` (the provider's tokens are JWTs), else DEFAULT_EXPIRES_IN. */
function expiresInOf(accessToken: string): number {
  const payload = accessToken.split(".")[1];
  if (payload) {
    try {
      const exp = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
      if (typeof exp === "number" && Number.isFinite(exp)) return Math.max(0, Math.floor(exp - Date.now() / 1000));
    } catch {
      /* not a JWT: the default below */
    }
  }
  return DEFAULT_EXPIRES_IN;
}

/** authorization_code grant with the PKCE verifier (RFC 6749 4.1.3, RFC 7636 4.5). */
export async function exchangeAuthorizationCode(
  options: OAuthEndpointOptions,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<TokenResponse> {
  const res = await postForm(options, "auth/oauth2/token", {
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  });
  return readTokenResponse(res);
}

/** client_credentials grant (RFC 6749 4.4): a token acting for the partner itself. */
export async function requestClientCredentialsToken(options: OAuthEndpointOptions, scopes?: readonly string[]): Promise<TokenResponse> {
  const res = await postForm(options, "auth/oauth2/token", {
    grant_type: "client_credentials",
    ...(scopes ? { scope: scopes.join(" ") } : {}),
  });
  return readTokenResponse(res);
}

/** refresh_token grant (RFC 6749 6). */
export async function refreshAccessToken(options: OAuthEndpointOptions, refreshToken: string): Promise<TokenResponse> {
  const res = await postForm(options, "auth/oauth2/token", { grant_type: "refresh_token", refresh_token: refreshToken });
  return readTokenResponse(res);
}

/**
 * RFC 7009 revocation. "unsupported" when the API has no revocation endpoint (404/405: the real
 * provider documents none), so sign-out still completes; other failures throw.
 */
export async function revokeToken(
  options: OAuthEndpointOptions,
  token: string,
  hint: "refresh_token" | "access_token",
): Promise<"revoked" | "unsupported"> {
  const res = await postForm(options, "auth/oauth2/revoke", { token, token_type_hint: hint });
  if (res.status === 404 || res.status === 405) {
    await res.body?.cancel();
    return "unsupported";
  }
  if (!res.ok) await readTokenResponse(res);
  await res.body?.cancel();
  return "revoked";
}

/** `GET /v1/identity/current` with a token: whose token it is and for which company it acts. */
export async function fetchIdentity(input: {
  baseUrl: string;
  environment: Environment;
  token: string;
  fetch?: typeof fetch;
}): Promise<Identity["data"]> {
  const api = createApiClient({
    baseUrl: input.baseUrl,
    environment: input.environment,
    getToken: async () => input.token,
    fetch: input.fetch,
    maxRetryAfterSeconds: 2,
  });
  return getCurrentIdentity(api);
}
