import "server-only";
import type { Account, AuthOptions, LoggerInstance, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import type { Environment } from "@/lib/contract";
import type { ConsoleSession, PublicSession } from "../../session-types";
import { SESSION_TTL_MS } from "../token-store";
import { customerTokenProvider, CUSTOMER_TOKEN_PROVIDER_ID } from "./customer-token-provider";
import { revokeGrants, type AuthDeps } from "./deps";
import { EMPLOYMENT_API_PROVIDER_ID, employmentApiProvider, type IdentityData } from "./employment-api-provider";
import { OPERATOR_PROVIDER_ID, operatorProvider } from "./operator-provider";
import { sessionCookieName } from "./session-cookie";
import { SIGN_IN_PATH } from "../../auth/sign-in-url";

// next-auth options, built per request: the OAuth provider's URLs follow the environment chosen for
// this sign-in, and a sign-in from a browser that already has a console session adds a connection to
// it. The JWT in the cookie carries only the console session id (`sid`); tokens live in the console
// database, encrypted, and the session callback answers only PublicSession fields.

export interface AuthRequestContext {
  /** The environment of the OAuth sign-in (chosen before sign-in, kept in a short-lived cookie). */
  environment: Environment;
  /** Its API base URL (resolved by the caller: the embedded API may have bound another port). */
  baseUrl: string;
  /** The console session of this browser, if it has one. */
  sessionId: string | null;
  /** Receives the API's words about a failed sign-in (shown on the sign-in page). */
  onSignInError?: (detail: { code: string; message: string }) => void;
}

export function toPublicSession(session: ConsoleSession): PublicSession {
  return {
    kind: session.kind,
    environment: session.environment,
    environments: session.environments,
    user: session.user,
    company: session.company,
  };
}

/** Stores an OAuth sign-in (the `account` next-auth hands the jwt callback): returns the console session id. */
export async function storeOAuthSignIn(
  deps: AuthDeps,
  input: { environment: Environment; sessionId: string | null; account: Account; identity: IdentityData },
): Promise<string> {
  const { account, identity } = input;
  if (!account.access_token) throw new Error("invalid_grant: no access token");
  if (!identity.company) throw new Error("invalid_grant: the grant does not act for a company");
  const expiresAt =
    typeof account.expires_at === "number" ? new Date(account.expires_at * 1000) : new Date(deps.now().getTime() + 3600_000);
  return deps.store.signIn({
    sessionId: input.sessionId,
    connection: {
      environment: input.environment,
      kind: "oauth",
      company: { id: identity.company.id, name: identity.company.name },
      user: identity.user ? { id: identity.user.id, name: identity.user.name, email: identity.user.email } : null,
      clientId: deps.config.adminClients[input.environment].clientId,
      accessToken: account.access_token,
      refreshToken: account.refresh_token ?? null,
      accessExpiresAt: expiresAt,
      scopes: typeof account.scope === "string" ? account.scope.split(" ").filter(Boolean) : [],
    },
  });
}

/** next-auth's logger: codes and messages only. Its metadata can hold tokens and profiles, so it is never printed whole. */
function authLogger(deps: AuthDeps, ctx: AuthRequestContext): LoggerInstance {
  const messageOf = (metadata: unknown): string => {
    if (metadata instanceof Error) return metadata.message;
    const m = metadata as { error?: unknown; message?: unknown } | undefined;
    if (m?.error instanceof Error) return m.error.message;
    return typeof m?.message === "string" ? m.message : "";
  };
  return {
    error(code, metadata) {
      const message = messageOf(metadata);
      // A cookie of an ended session is routine, not an error.
      if (code === "JWT_SESSION_ERROR") return deps.logger.debug({ event: "console.auth", code }, message);
      if (code.startsWith("OAUTH_CALLBACK")) {
        const description = (metadata as { error_description?: unknown } | undefined)?.error_description;
        ctx.onSignInError?.({
          code: message.split(":")[0] || code,
          message: typeof description === "string" && description ? `${message}: ${description}` : message,
        });
      }
      deps.logger.warn({ event: "console.auth", code }, message);
    },
    warn(code) {
      deps.logger.warn({ event: "console.auth", code }, "next-auth warning");
    },
    debug() {
      /* next-auth's debug output includes tokens: never written */
    },
  };
}

export function buildAuthOptions(deps: AuthDeps, ctx: AuthRequestContext): AuthOptions {
  // One session lookup per request, shared by the jwt and session callbacks.
  const sessions = new Map<string, Promise<ConsoleSession | null>>();
  const loadSession = (sid: string) => {
    let s = sessions.get(sid);
    if (!s) sessions.set(sid, (s = deps.store.getSession(sid)));
    return s;
  };
  const secure = deps.config.secureCookies;

  return {
    secret: deps.config.authSecret,
    debug: false,
    logger: authLogger(deps, ctx),
    useSecureCookies: secure,
    session: { strategy: "jwt", maxAge: Math.floor(SESSION_TTL_MS / 1000) },
    cookies: {
      sessionToken: { name: sessionCookieName(secure), options: { httpOnly: true, sameSite: "lax", path: "/", secure } },
    },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      employmentApiProvider({
        environment: ctx.environment,
        baseUrl: ctx.baseUrl,
        client: deps.config.adminClients[ctx.environment],
        fetch: deps.fetch,
      }),
      customerTokenProvider({ store: deps.store, resolveBaseUrl: deps.resolveBaseUrl, fetch: deps.fetch, sessionId: ctx.sessionId }),
      operatorProvider({
        store: deps.store,
        authenticate: deps.authenticateOperator,
        sessionId: ctx.sessionId,
        revoke: (grants) => revokeGrants(deps, grants),
      }),
    ],
    callbacks: {
      async jwt({ token, user, account, profile }): Promise<JWT> {
        if ((account?.provider === CUSTOMER_TOKEN_PROVIDER_ID || account?.provider === OPERATOR_PROVIDER_ID) && user) {
          // authorize() stored the token and returned the console session id as the user id.
          return { sid: user.id };
        }
        if (account?.provider === EMPLOYMENT_API_PROVIDER_ID) {
          const sid = await storeOAuthSignIn(deps, {
            environment: ctx.environment,
            sessionId: ctx.sessionId,
            account,
            identity: profile as unknown as IdentityData,
          });
          return { sid };
        }
        const sid = typeof token.sid === "string" ? token.sid : null;
        // Throwing here makes next-auth drop the cookie: the console session ended (sign-out elsewhere, expiry).
        if (!sid || !(await loadSession(sid))) throw new Error("The console session has ended");
        return { sid };
      },
      async session({ session, token }): Promise<Session> {
        const sid = typeof token.sid === "string" ? token.sid : null;
        const current = sid ? await loadSession(sid) : null;
        if (!current) return { expires: session.expires } as Session;
        // Only what the browser may see: never a token, never the session id.
        return { ...toPublicSession(current), expires: session.expires } as unknown as Session;
      },
      async redirect({ url, baseUrl }) {
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          /* not a URL: fall through to the console's home */
        }
        return baseUrl;
      },
    },
    events: {
      async signOut({ token }) {
        const sid = typeof token?.sid === "string" ? token.sid : null;
        if (!sid) return;
        await revokeGrants(deps, await deps.store.deleteSession(sid));
      },
    },
  };
}
