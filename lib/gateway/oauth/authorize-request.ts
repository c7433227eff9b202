import "server-only";
import type { Db } from "../db/client";
import { getClient, type OAuthClient } from "./clients";
import type { FormParams } from "./http";
import { isValidCodeChallenge } from "./pkce";
import { allowedScopes, disallowedScopes, parseScopeParam } from "./scopes";

// The checks of an authorization request (RFC 6749 4.1.1 and 4.1.2.1, RFC 7636 4.4.1). They run on the
// GET and again on every form post, because the parameters travel through the pages in hidden fields.

/** The parameters carried from the authorize URL through the login and consent forms. */
export const AUTHORIZE_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;
export type AuthorizeParamName = (typeof AUTHORIZE_PARAMS)[number];

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string;
  /** The parameters as received, to carry into the next form. */
  params: Record<AuthorizeParamName, string | undefined>;
}

export type AuthorizeValidation =
  /** The redirect URI cannot be trusted: show an error page, never redirect (RFC 6749 4.1.2.1). */
  | { kind: "page_error"; title: string; message: string }
  /** Report the error to the client through its redirect URI. */
  | { kind: "redirect_error"; redirectUri: string; error: string; description: string; state: string | undefined }
  | { kind: "ok"; request: AuthorizeRequest };

const MAX_PARAM_LENGTH = 2048;

export async function validateAuthorizeRequest(db: Db, input: FormParams): Promise<AuthorizeValidation> {
  const params = Object.fromEntries(AUTHORIZE_PARAMS.map((n) => [n, input.get(n)])) as Record<AuthorizeParamName, string | undefined>;
  const { client_id: clientId, redirect_uri: redirectUri } = params;

  if (!clientId || input.repeated(["client_id"]).length > 0 || clientId.length > 255) {
    return {
      kind: "page_error",
      title: "Unknown application",
      message: "The link you followed does not name a valid application (client_id).",
    };
  }
  const client = await getClient(db, clientId);
  if (!client) {
    return {
      kind: "page_error",
      title: "Unknown application",
      message: "The application that sent you here is not registered with this service.",
    };
  }
  if (!redirectUri || input.repeated(["redirect_uri"]).length > 0 || !client.redirectUris.includes(redirectUri)) {
    return {
      kind: "page_error",
      title: "Invalid redirect address",
      message: `The address ${client.name} asked to return you to is not one it registered, so you were not sent back to it.`,
    };
  }

  const state = params.state;
  const fail = (error: string, description: string): AuthorizeValidation => ({
    kind: "redirect_error",
    redirectUri,
    error,
    description,
    state,
  });

  const repeated = input.repeated(AUTHORIZE_PARAMS);
  if (repeated.length > 0) return fail("invalid_request", `Parameter sent more than once: ${repeated.join(", ")}`);
  const tooLong = AUTHORIZE_PARAMS.filter((n) => (params[n]?.length ?? 0) > MAX_PARAM_LENGTH);
  if (tooLong.length > 0) return fail("invalid_request", `Parameter too long: ${tooLong.join(", ")}`);

  if (!params.response_type) return fail("invalid_request", "response_type is required");
  if (params.response_type !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");

  if (!params.code_challenge) return fail("invalid_request", "code_challenge is required (PKCE)");
  if (params.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
  if (!isValidCodeChallenge(params.code_challenge)) return fail("invalid_request", "code_challenge must be 43 base64url characters");

  const scopes = parseScopeParam(params.scope);
  if (!scopes) return fail("invalid_scope", "scope is required");
  const refused = disallowedScopes(scopes, allowedScopes("authorization_code", client.scopes));
  if (refused.length > 0) return fail("invalid_scope", `Scope not allowed: ${refused.join(" ")}`);

  return { kind: "ok", request: { client, redirectUri, scopes, state, codeChallenge: params.code_challenge, params } };
}

/** The client's redirect URI with the response parameters added to its query (RFC 6749 4.1.2). */
export function buildRedirect(redirectUri: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(values)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
