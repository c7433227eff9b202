import { z } from "zod";

/**
 * Token endpoint success: the provider's OAuth2Tokens (ClientCredentialsResponse, AuthorizationCodeResponse
 * with `refresh_token`, `company_id`, `user_id`, RefreshTokenResponse). The provider sends no `scope`
 * (RFC 6749 5.1: the scopes requested); `scope` stays optional here so that a server sending it still parses.
 */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  scope: z.string().optional(),
  refresh_token: z.string().optional(),
  company_id: z.string().optional(),
  user_id: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const TokenRequestSchema = z.discriminatedUnion("grant_type", [
  z.object({ grant_type: z.literal("client_credentials"), scope: z.string().optional() }),
  z.object({
    grant_type: z.literal("authorization_code"),
    code: z.string().min(1),
    redirect_uri: z.string().min(1),
    code_verifier: z.string().min(43).max(128),
  }),
  z.object({ grant_type: z.literal("refresh_token"), refresh_token: z.string().min(1), scope: z.string().optional() }),
]);

/**
 * Every field the token endpoint reads, as sent in its body: form-encoded, or JSON as the provider
 * also accepts (OAuth2TokenParams). The endpoint checks them per grant and answers `{message}` errors
 * (400, or 401 for client authentication), as the provider's PostAuthOauth2TokenErrors.
 */
export const TokenRequestBodySchema = z.object({
  grant_type: z.enum(["client_credentials", "authorization_code", "refresh_token"]),
  scope: z.string().optional().describe("Space-separated scopes (client_credentials, refresh_token)"),
  code: z.string().optional().describe("authorization_code"),
  redirect_uri: z.string().optional().describe("authorization_code: the redirect URI of the authorize request"),
  code_verifier: z.string().optional().describe("authorization_code: the PKCE verifier (43-128 characters)"),
  refresh_token: z.string().optional().describe("refresh_token"),
  client_id: z.string().optional().describe("client_secret_post only; otherwise HTTP Basic"),
  client_secret: z.string().optional().describe("client_secret_post only; never together with HTTP Basic"),
});
export type TokenRequestBody = z.infer<typeof TokenRequestBodySchema>;

/** RFC 7009 revocation request (client authenticated as on the token endpoint). */
export const RevokeRequestBodySchema = z.object({
  token: z.string().describe("A refresh token or an access token issued to the calling client"),
  token_type_hint: z.enum(["refresh_token", "access_token"]).optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
export type RevokeRequestBody = z.infer<typeof RevokeRequestBodySchema>;

/** Query of `GET /auth/oauth2/authorize` (RFC 6749 4.1.1 with RFC 7636 PKCE, S256 only). */
export const AuthorizeQuerySchema = z.object({
  response_type: z.string().optional().describe("code"),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional().describe("Exactly one of the client's registered redirect URIs"),
  scope: z.string().optional().describe("Space-separated authorization-code scopes"),
  state: z.string().optional(),
  code_challenge: z.string().optional().describe("BASE64URL(SHA256(code_verifier))"),
  code_challenge_method: z.string().optional().describe("S256"),
});
export type AuthorizeQuery = z.infer<typeof AuthorizeQuerySchema>;

/** Form of the provider's sign-in page: the authorize parameters travel in hidden fields. */
export const AuthorizeLoginFormSchema = AuthorizeQuerySchema.extend({
  csrf_token: z.string(),
  email: z.string(),
  password: z.string(),
});

/** Form of the consent page. */
export const AuthorizeConsentFormSchema = AuthorizeQuerySchema.extend({
  csrf_token: z.string(),
  decision: z.enum(["allow", "deny"]),
});
