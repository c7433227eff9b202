import "server-only";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Environment } from "@/lib/contract";
import { ApiRequestError } from "../../api-errors";
import type { TokenStore } from "../token-store";
import type { CUSTOMER_TOKEN_ERRORS } from "../../auth/sign-in-errors";
import { fetchIdentity } from "./token-endpoint";

// Sign-in with a Customer API token, for admins of a single company: the prefix names the environment
// (spec section 5: ra_test_ sandbox, ra_live_ production), `/v1/identity/current` of that environment
// says whether the token is valid and for which company, and the token is stored encrypted under a new
// (or the current) console session. The browser sends it once, over the sign-in POST; it never comes back.

export const CUSTOMER_TOKEN_PROVIDER_ID = "customer-token";

export type CustomerTokenErrorCode = keyof typeof CUSTOMER_TOKEN_ERRORS;

/** An error whose message is one of the codes the sign-in page translates (next-auth passes it as `?error=`). */
export class CustomerTokenError extends Error {
  override name = "CustomerTokenError";
  constructor(readonly code: CustomerTokenErrorCode) {
    super(code);
  }
}

const PREFIXES: Record<string, Environment> = { ra_test_: "sandbox", ra_live_: "production" };

/** The environment a Customer API token belongs to, by its prefix; throws a CustomerTokenError otherwise. */
export function environmentOfCustomerToken(token: string): Environment {
  const prefix = token.slice(0, 8);
  const environment = PREFIXES[prefix];
  if (!environment) throw new CustomerTokenError("UnknownTokenPrefix");
  // The token travels in an Authorization header: anything outside these characters is a copy error.
  if (!/^ra_(test|live)_[A-Za-z0-9._~+/=-]{1,512}$/.test(token)) throw new CustomerTokenError("InvalidTokenFormat");
  return environment;
}

export interface CustomerTokenSignInDeps {
  store: TokenStore;
  resolveBaseUrl: (environment: Environment) => Promise<string>;
  fetch?: typeof fetch;
  /** The console session of the browser, when it already has one (the connection joins it). */
  sessionId: string | null;
}

/** Validates a Customer API token and stores it; returns the console session id and the identity. */
export async function signInWithCustomerToken(deps: CustomerTokenSignInDeps, rawToken: unknown) {
  const token = typeof rawToken === "string" ? rawToken.trim() : "";
  if (!token) throw new CustomerTokenError("MissingToken");
  const environment = environmentOfCustomerToken(token);
  let identity;
  try {
    identity = await fetchIdentity({ baseUrl: await deps.resolveBaseUrl(environment), environment, token, fetch: deps.fetch });
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.status === 401 || error.status === 403) throw new CustomerTokenError("TokenRejected");
      if (error.payload.kind === "network") throw new CustomerTokenError("ApiUnreachable");
      throw new CustomerTokenError("ApiFailed");
    }
    throw new CustomerTokenError("ApiFailed");
  }
  if (!identity.company) throw new CustomerTokenError("TokenWithoutCompany");
  const user = identity.user ? { id: identity.user.id, name: identity.user.name, email: identity.user.email } : null;
  const sessionId = await deps.store.signIn({
    sessionId: deps.sessionId,
    connection: {
      environment,
      kind: "customer_token",
      company: { id: identity.company.id, name: identity.company.name },
      user,
      clientId: null,
      accessToken: token,
      refreshToken: null,
      accessExpiresAt: null,
      scopes: [],
    },
  });
  return { sessionId, environment, identity };
}

export function customerTokenProvider(deps: CustomerTokenSignInDeps) {
  return CredentialsProvider({
    id: CUSTOMER_TOKEN_PROVIDER_ID,
    name: "Customer API token",
    credentials: { token: { label: "Customer API token", type: "password" } },
    async authorize(credentials) {
      const { sessionId, identity } = await signInWithCustomerToken(deps, credentials?.token);
      // `id` is the console session id: the jwt callback puts only that in the cookie.
      return { id: sessionId, name: identity.user?.name ?? identity.company?.name ?? null, email: identity.user?.email ?? null };
    },
  });
}
