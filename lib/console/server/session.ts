import "server-only";
import { fetchSkippingPageCacheOnFailure } from "./page-cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getServerEnv } from "@/lib/env";
import { createApiClient, type ApiClient, type ApiClientOptions } from "./api-client";
import { ApiRequestError } from "../api-errors";
import { getAuthDeps, type AuthDeps } from "./auth/deps";
import { parseCookieHeader, readSessionId, type CookieMap } from "./auth/session-cookie";
import { signInPath } from "../auth/sign-in-url";
import type { Environment } from "@/lib/contract";
import type { AuditActor } from "./db/schema";
import { auditPath, isMutating, recordAudit } from "./partner/audit";
import { grantRevokedError, type GrantInfo } from "./partner/grant-store";
import type { ConsoleSession } from "../session-types";
import { createRequestBudget, type RequestBudget } from "./readmodel/budget";
import { interactiveFetch } from "./readmodel/interactive";
import { writeThroughFor } from "./readmodel/write-through";
import { REFRESH_MARGIN_MS, signInAgainError, type ConnectionInfo, type UsableToken } from "./token-store";

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

type ResponseInfo = { method: string; path: string; status: number; requestId: string | null };

/** Writes a mutating call to the audit log. A failed write is logged, never hidden from the user's answer. */
async function auditCall(
  deps: AuthDeps,
  environment: Environment,
  company: { id: string; name: string } | null,
  actor: AuditActor,
  info: ResponseInfo,
) {
  if (!isMutating(info.method)) return;
  try {
    await recordAudit(deps.db, { environment, company, actor, ...info, at: deps.now() });
  } catch (error) {
    deps.logger.error(
      { event: "console.audit_failed", method: info.method, path: auditPath(info.path), reason: (error as Error).message },
      "audit write failed",
    );
  }
}

/** One request budget per console database: its batched takes (readmodel/interactive.ts) are shared by every client of the process. */
const budgets = new WeakMap<AuthDeps["db"], RequestBudget>();
function budgetOf(db: AuthDeps["db"]): RequestBudget {
  let budget = budgets.get(db);
  if (!budget) budgets.set(db, (budget = createRequestBudget(db)));
  return budget;
}

/**
 * What a company's API client of the console carries for the read model (on unless
 * CONSOLE_READMODEL_SYNC=off): its calls paid from the interactive share of the shared request
 * budget (readmodel/interactive.ts), and its writes' answers taken by the read model at once
 * (readmodel/write-through.ts).
 */
function readModelPlumbing(
  deps: AuthDeps,
  scope: { environment: Environment; clientId: string | null; company: { id: string; name: string } | null },
): Pick<ApiClientOptions, "fetch" | "afterWrite"> {
  if (getServerEnv().CONSOLE_READMODEL_SYNC === "off") return { fetch: deps.fetch };
  return {
    // A call the budget holds back fails before deps.fetch (which already watches its own calls):
    // either way the page being rendered is kept out of the page cache.
    fetch: fetchSkippingPageCacheOnFailure(
      interactiveFetch(budgetOf(deps.db), deps.fetch, {
        environment: scope.environment,
        clientId: scope.clientId,
        companyId: scope.company?.id ?? null,
      }),
    ),
    afterWrite: writeThroughFor({ db: deps.db, logger: deps.logger, enabled: true }, scope),
  };
}

/** How long one API client keeps a token it read from the store, at most (and never into its refresh margin). */
export const CLIENT_TOKEN_MAX_AGE_MS = 60_000;

/**
 * The access token of one API client (one page render or one request): read once and reused by the
 * client's calls while fresh, instead of one console-database read per call. A refusal by the API
 * (401) or the end of its freshness goes back to the store, whose single-flight refresh path
 * replaces it. Nothing outlives the client, so a sign-out, a forgotten connection or a revoked grant
 * acts on the next request of every console instance, as before.
 */
function tokenMemo(read: (rejected?: string) => Promise<string>, now: () => Date, initial: UsableToken | null = null) {
  const at = () => now().getTime();
  let kept: { token: Promise<string>; freshUntil: number } | undefined;
  let last: string | undefined;
  const keep = (token: Promise<string>, expiresAt: Date | null) => {
    const entry = {
      token,
      freshUntil: Math.min(at() + CLIENT_TOKEN_MAX_AGE_MS, expiresAt ? expiresAt.getTime() - REFRESH_MARGIN_MS : Infinity),
    };
    kept = entry;
    // A failed read is not kept: the next call asks the store again.
    token.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return token;
  };
  if (initial) void keep(Promise.resolve(initial.value), initial.expiresAt);
  const settle = (token: Promise<string>) => token.then((value) => (last = value));
  return {
    /** The client's token: the kept one while fresh, otherwise one read (refreshed if due) from the store. */
    get: (): Promise<string> => settle(kept && at() < kept.freshUntil ? kept.token : keep(read(), null)),
    /** The API refused the last token used: a replacement from the store's refresh path. */
    refused: (): Promise<string> => settle(keep(read(last), null)),
  };
}

/**
 * An API client for one connection: its token is the one read with the connection (`token`), or read
 * once; refreshed when due; a 401 refreshes once and retries.
 */
export function createConnectionApiClient(
  deps: AuthDeps,
  connection: ConnectionInfo,
  baseUrl: string,
  token: UsableToken | null = null,
): ApiClient {
  const actor: AuditActor = {
    kind: connection.kind === "customer_token" ? "customer_token" : "company_user",
    id: connection.user?.id ?? null,
    name: connection.user?.name ?? null,
    email: connection.user?.email ?? null,
  };
  const tokens = tokenMemo(
    (rejected) => deps.store.getAccessToken(connection.id, rejected === undefined ? {} : { rejected }),
    deps.now,
    token,
  );
  return createApiClient({
    baseUrl,
    environment: connection.environment,
    companyId: connection.company?.id,
    ...readModelPlumbing(deps, { environment: connection.environment, clientId: connection.clientId, company: connection.company }),
    getToken: tokens.get,
    onUnauthorized: async () => {
      try {
        // The API refused this token: a new one if a refresh gives it (OAuth), otherwise the 401 stands
        // and the connection is marked dead, so the next page asks to sign in again.
        return await tokens.refused();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
    onResponse: (info) => auditCall(deps, connection.environment, connection.company, actor, info),
  });
}

/**
 * An API client acting for a company through the partner's grant (operators). Same refresh rules as a
 * connection; every answer but a refusal of the token counts as a successful call for the grant's health.
 */
export function createGrantApiClient(deps: AuthDeps, grant: GrantInfo, baseUrl: string, actor: AuditActor): ApiClient {
  const tokens = tokenMemo((rejected) => deps.grants.getAccessToken(grant.id, rejected === undefined ? {} : { rejected }), deps.now);
  return createApiClient({
    baseUrl,
    environment: grant.environment,
    companyId: grant.company.id,
    ...readModelPlumbing(deps, { environment: grant.environment, clientId: grant.clientId, company: grant.company }),
    getToken: tokens.get,
    onUnauthorized: tokens.refused,
    onResponse: async (info) => {
      if (info.status >= 200 && info.status < 300) await deps.grants.recordSuccess(grant.id).catch(() => undefined);
      await auditCall(deps, grant.environment, grant.company, actor, info);
    },
  });
}

/** The partner's own API client (client-credentials token): companies that consented, countries, forms. */
export async function getPartnerApi(deps: AuthDeps, environment: Environment): Promise<ApiClient> {
  let lastToken: string | undefined;
  return createApiClient({
    baseUrl: await deps.resolveBaseUrl(environment),
    environment,
    fetch: deps.fetch,
    getToken: async () => (lastToken = await deps.partnerTokens.getToken(environment)),
    onUnauthorized: async () => (lastToken = await deps.partnerTokens.getToken(environment, { rejected: lastToken })),
  });
}

export const NO_COMPANY = "no_company";

/** An operator in the partner view has chosen no company yet: company pages need one. */
export function noCompanyError(): ApiRequestError {
  return new ApiRequestError({
    kind: "conflict",
    status: 409,
    message: "Choose a company first: the partner view acts for one company at a time.",
    requestId: null,
    body: { code: NO_COMPANY },
  });
}

/** The API client of a session's current environment. Throws a 401 ApiRequestError when there is none. */
export async function getSessionApi(deps: AuthDeps, session: ConsoleSession): Promise<ApiClient> {
  if (session.kind === "operator") {
    if (!session.company) throw noCompanyError();
    const grant = await deps.grants.getGrant(session.environment, session.company.id);
    if (!grant || grant.status === "revoked") throw grantRevokedError(session.company, grant?.statusReason ?? "no grant is stored for it");
    const actor: AuditActor = {
      kind: "operator",
      id: session.operatorId,
      name: session.user?.name ?? null,
      email: session.user?.email ?? null,
    };
    return createGrantApiClient(deps, grant, await deps.resolveBaseUrl(session.environment), actor);
  }
  // The connection and its token in one read: the client's calls need no further read of it.
  const found = await deps.store.getConnectionWithToken(session.id, session.environment);
  if (!found) throw signInAgainError(session.environment, `no connection to ${session.environment}`);
  const { connection, token } = found;
  if (connection.status === "dead") throw signInAgainError(session.environment, "the API refused the connection");
  return createConnectionApiClient(deps, connection, await deps.resolveBaseUrl(session.environment), token);
}

/**
 * The session of the request being rendered. Memoized per server render (React `cache`): the layout
 * and every segment and section of a page read it, and it costs console-database reads.
 */
export const getConsoleSession = cache(async (): Promise<ConsoleSession | null> => {
  return getSessionFromCookies(await getAuthDeps(), await requestCookies());
});

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

/**
 * An API client for the session's current environment and company. Throws when not signed in.
 * Memoized per server render like getConsoleSession (one connection lookup per page, not per section).
 */
export const getServerApi = cache(async (): Promise<{ api: ApiClient; session: ConsoleSession }> => {
  // The render's session (getConsoleSession, read once per render) rather than a second read of it.
  const session = await getConsoleSession();
  if (!session) throw signInAgainError(null, "not signed in");
  return { api: await getSessionApi(await getAuthDeps(), session), session };
});

/**
 * The same for a route handler, from the cookies of its Request (BFF handlers): it depends on the
 * Request alone, so tests call the handlers directly.
 */
export async function getRequestApi(req: Request): Promise<{ api: ApiClient; session: ConsoleSession }> {
  return apiOfCookies(parseCookieHeader(req.headers.get("cookie")));
}

async function apiOfCookies(cookieMap: CookieMap): Promise<{ api: ApiClient; session: ConsoleSession }> {
  const deps = await getAuthDeps();
  const session = await getSessionFromCookies(deps, cookieMap);
  if (!session) throw signInAgainError(null, "not signed in");
  return { api: await getSessionApi(deps, session), session };
}
