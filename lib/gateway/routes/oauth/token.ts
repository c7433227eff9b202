import "server-only";
import { MessageErrorSchema, TokenRequestBodySchema, TokenResponseSchema, type TokenResponse } from "@/lib/contract";
import type { GatewayContext } from "../../context";
import { ApiError } from "../../errors";
import { exchangeAuthorizationCode } from "../../oauth/codes";
import { authenticateRequestClient, NO_STORE_HEADERS, oauthErrorResponse, readTokenParams, type FormParams } from "../../oauth/http";
import { OAuthError } from "../../oauth/oauth-error";
import type { OAuthClient } from "../../oauth/clients";
import { isValidCodeVerifier } from "../../oauth/pkce";
import { parseScopeParam } from "../../oauth/scopes";
import { grantClientCredentials, refreshAccessToken } from "../../oauth/token-grants";
import { applyRateLimit, defineRoute } from "../../route";

/** Parameters the token endpoint reads; RFC 6749 3.2 forbids sending any of them twice. */
const TOKEN_PARAMS = [
  "grant_type",
  "scope",
  "code",
  "redirect_uri",
  "code_verifier",
  "refresh_token",
  "client_id",
  "client_secret",
] as const;

function required(form: FormParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError("invalid_request", `${name} is required`);
  return value;
}

async function issue(c: GatewayContext, client: OAuthClient, form: FormParams): Promise<TokenResponse> {
  const deps = c.get("deps");
  const ctx = { now: deps.clock.now(), accessTokenTtlSeconds: deps.config.accessTokenTtlSeconds };
  const grantType = required(form, "grant_type");
  const scopeParam = form.get("scope");
  const requested = parseScopeParam(scopeParam);
  if (scopeParam !== undefined && !requested) throw new OAuthError("invalid_scope", "scope is empty");

  switch (grantType) {
    case "client_credentials":
      return grantClientCredentials(deps.db, client, requested, ctx);
    case "refresh_token":
      return refreshAccessToken(deps.db, client, { refreshToken: required(form, "refresh_token"), requested }, ctx);
    case "authorization_code": {
      const code = required(form, "code");
      const redirectUri = required(form, "redirect_uri");
      const codeVerifier = required(form, "code_verifier");
      if (!isValidCodeVerifier(codeVerifier)) throw new OAuthError("invalid_request", "code_verifier must be 43-128 unreserved characters");
      const outcome = await exchangeAuthorizationCode(deps.db, { code, clientId: client.id, redirectUri, codeVerifier, ...ctx });
      if (outcome.ok) return outcome.response;
      if (outcome.revokedGrantId) {
        deps.logger.warn(
          { event: "oauth.code_reused", clientId: client.id, grantId: outcome.revokedGrantId },
          "authorization code reused: grant revoked",
        );
      }
      throw outcome.error;
    }
    default:
      throw new OAuthError("unsupported_grant_type", "grant_type must be client_credentials, authorization_code or refresh_token");
  }
}

export const tokenRoute = defineRoute({
  method: "post",
  path: "/auth/oauth2/token",
  operationId: "post_auth_oauth2_token",
  summary: "Issue an access token (client_credentials, authorization_code with PKCE, refresh_token)",
  tag: "OAuth 2.0",
  auth: { kind: "none" },
  body: TokenRequestBodySchema,
  bodyContentType: "application/x-www-form-urlencoded",
  rawBody: true,
  responses: {
    200: { description: "Access token", schema: TokenResponseSchema },
    // `{message}` as the provider's PostAuthOauth2TokenErrors; the message starts with the RFC 6749 5.2 code.
    400: {
      description: 'invalid_request, invalid_grant, unsupported_grant_type or invalid_scope: `{message: "<code>: <description>"}`',
      schema: MessageErrorSchema,
    },
    401: { description: 'invalid_client (with WWW-Authenticate: Basic): `{message: "invalid_client: ..."}`', schema: MessageErrorSchema },
    429: { description: "The client's rate limit is exhausted", schema: MessageErrorSchema },
  },
  // POST /auth/oauth2/token: authenticates the client, counts the request against its rate limit, runs the grant.
  handler: async (c) => {
    try {
      const form = await readTokenParams(c);
      if (!form) throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded or application/json");
      const repeated = form.repeated(TOKEN_PARAMS);
      if (repeated.length > 0) throw new OAuthError("invalid_request", `Parameter sent more than once: ${repeated.join(", ")}`);
      const client = await authenticateRequestClient(c, form);
      // Counted once the client is authenticated, so failed guesses cannot spend a partner's budget.
      await applyRateLimit(c, [{ kind: "client", id: client.id }]);
      const body = await issue(c, client, form);
      return c.json(TokenResponseSchema.parse(body), 200, NO_STORE_HEADERS);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(c, error, "provider");
      if (error instanceof ApiError) return c.json(error.body, error.status as 429, { ...error.headers, ...NO_STORE_HEADERS });
      throw error;
    }
  },
});
