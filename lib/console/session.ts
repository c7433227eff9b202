import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { createApiClient, type ApiClient } from "./api-client";
import { ApiRequestError } from "./api-errors";
import { getAuthDeps, type AuthDeps } from "./auth/deps";
import { readSessionId, type CookieMap } from "./auth/session-cookie";
import { signInPath } from "./auth/sign-in-url";
import type { ConsoleSession } from "./session-types";
import { signInAgainError, type ConnectionInfo } from "./token-store";

// The session of the current request and an API client acting with its token. The cookie holds only
// the console session id; the token is read from the console database, refreshed once when needed
// (single-flight, token-store.ts), and never leaves the server.

/** Header set by proxy.ts: the path and query of the page being rendered (for callbackUrl). */
export const PATH_HEADER = "x-roster-path";

async function requestCookies(): Promise<CookieMap> {
  const jar = await cookies();
  return Object.fromEntries(jar.getAll().map((c) => [c.name, c.value]));
}

/** The console session of a set of cookies (route handlers and tests pass their own). */
export async function getSessionFromCookies(deps: AuthDeps, cookieMap: CookieMap): Promise<ConsoleSession | null> {
  const sid = await readSessionId(cookieMap, { secret: deps.config.authSecret, secure: deps.config.secureCookies });
  return sid ? deps.store.getSession(sid) : null;
}

/** An API client for one connection: getToken refreshes when due; a 401 refreshes once and retries. */
export function createConnectionApiClient(deps: AuthDeps, connection: ConnectionInfo, baseUrl: string): ApiClient {
  let lastToken: string | undefined;
  return createApiClient({
    baseUrl,
    environment: connection.environment,
    fetch: deps.fetch,
    getToken: async () => (lastToken = await deps.store.getAccessToken(connection.id)),
    onUnauthorized: async () => {
      try {
        // The API refused this token: a new one if a refresh gives it (OAuth), otherwise the 401 stands
        // and the connection is marked dead, so the next page asks to sign in again.
        return (lastToken = await deps.store.getAccessToken(connection.id, { rejected: lastToken }));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/** The API client of a session's current environment. Throws a 401 ApiRequestError when there is none. */
export async function getSessionApi(deps: AuthDeps, session: ConsoleSession): Promise<ApiClient> {
  const connection = await deps.store.getConnection(session.id, session.environment);
  if (!connection) throw signInAgainError(session.environment, `no connection to ${session.environment}`);
  if (connection.status === "dead") throw signInAgainError(session.environment, "the API refused the connection");
  return createConnectionApiClient(deps, connection, await deps.resolveBaseUrl(session.environment));
}

export async function getConsoleSession(): Promise<ConsoleSession | null> {
  return getSessionFromCookies(await getAuthDeps(), await requestCookies());
}

/**
 * The session, or a redirect to /sign-in (server components and actions). A session whose current
 * environment has lost its connection (refresh refused, token revoked) is sent to sign in to it again.
 */
export async function requireConsoleSession(callbackUrl?: string): Promise<ConsoleSession> {
  const session = await getConsoleSession();
  const target = callbackUrl ?? (await headers()).get(PATH_HEADER) ?? "/";
  if (!session) redirect(signInPath({ callbackUrl: target }));
  if (!session.environments.includes(session.environment)) {
    redirect(signInPath({ callbackUrl: target, environment: session.environment, error: "SessionExpired" }));
  }
  return session;
}

/** An API client for the session's current environment and company. Throws when not signed in. */
export async function getServerApi(): Promise<{ api: ApiClient; session: ConsoleSession }> {
  const deps = await getAuthDeps();
  const session = await getSessionFromCookies(deps, await requestCookies());
  if (!session) throw signInAgainError(null, "not signed in");
  return { api: await getSessionApi(deps, session), session };
}
