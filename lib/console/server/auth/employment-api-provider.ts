import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { Environment, Identity } from "@/lib/contract";
import type { ApiClientCredentials } from "../config";
import { consoleScopes } from "./console-scopes";
import { exchangeAuthorizationCode, fetchIdentity } from "./token-endpoint";

// "Sign in with the Employment API": a next-auth OAuth provider for the authorization-code flow with
// PKCE (S256) and state, against the environment chosen before sign-in. Its URLs are built per
// request, so the one callback URL (`/api/auth/callback/employment-api`) serves both environments.
//
// The token exchange and the userinfo call are ours (token.request, userinfo.request) rather than
// openid-client's: the same code path as refresh and revocation (form body, HTTP Basic), a fetch that
// tests can point at an in-process API, and the API's error text kept for the sign-in page. Because
// openid-client would have compared `state`, token.request does it.

export const EMPLOYMENT_API_PROVIDER_ID = "employment-api";

/**
 * What the console asks consent for in an environment: the scopes of the operations it calls
 * (./console-scopes.ts, docs/decisions/console-consent-scopes.md), not every scope of the API.
 */
export const CONSOLE_SCOPES: (environment: Environment) => readonly string[] = consoleScopes;

export type IdentityData = Identity["data"];

export interface EmploymentApiProviderOptions {
  environment: Environment;
  baseUrl: string;
  client: ApiClientCredentials;
  fetch?: typeof fetch;
  scopes?: readonly string[];
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function employmentApiProvider(options: EmploymentApiProviderOptions): OAuthConfig<IdentityData> {
  const base = options.baseUrl.replace(/\/+$/, "");
  const endpoints = { baseUrl: base, client: options.client, fetch: options.fetch };
  return {
    id: EMPLOYMENT_API_PROVIDER_ID,
    name: "Employment API",
    type: "oauth",
    version: "2.0",
    clientId: options.client.clientId,
    clientSecret: options.client.clientSecret,
    checks: ["pkce", "state"],
    idToken: false,
    client: { token_endpoint_auth_method: "client_secret_basic" },
    authorization: {
      url: `${base}/auth/oauth2/authorize`,
      params: { response_type: "code", scope: (options.scopes ?? CONSOLE_SCOPES(options.environment)).join(" ") },
    },
    token: {
      url: `${base}/auth/oauth2/token`,
      async request({ params, checks, provider }) {
        if (!checks.state || typeof params.state !== "string" || !sameString(params.state, checks.state)) {
          throw new Error("state_mismatch: the sign-in response does not belong to this browser's sign-in; start again");
        }
        if (!params.code) throw new Error("invalid_request: the sign-in response carries no authorization code");
        if (!checks.code_verifier) throw new Error("invalid_request: the PKCE verifier of this sign-in is missing; start again");
        const tokens = await exchangeAuthorizationCode(endpoints, {
          code: params.code,
          redirectUri: provider.callbackUrl,
          codeVerifier: checks.code_verifier,
        });
        // TokenSet derives expires_at from expires_in; company_id and user_id ride along on `account`.
        return { tokens: { ...tokens, token_type: "bearer" } };
      },
    },
    userinfo: {
      url: `${base}/v1/identity/current`,
      async request({ tokens }) {
        if (!tokens.access_token) throw new Error("invalid_grant: the token response carries no access token");
        const identity = await fetchIdentity({
          baseUrl: base,
          environment: options.environment,
          token: tokens.access_token,
          fetch: options.fetch,
        });
        // Checked here, not in profile(): next-auth turns a profile() failure into a silent restart.
        if (!identity.company) throw new Error("invalid_grant: the grant does not act for a company");
        // next-auth wants an OIDC-like profile; the identity rides along unchanged for the jwt callback.
        return { ...identity, sub: identity.user?.id, name: identity.user?.name, email: identity.user?.email };
      },
    },
    profile(identity) {
      return {
        id: identity.user?.id ?? identity.company?.id ?? "unknown",
        name: identity.user?.name ?? identity.company?.name ?? null,
        email: identity.user?.email ?? null,
        image: null,
      };
    },
  };
}
