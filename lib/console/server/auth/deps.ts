import "server-only";
import { fetchSkippingPageCacheOnFailure } from "@/lib/console/server/page-cache";
import type { Environment } from "@/lib/contract";
import { createLogger, type Logger } from "@/lib/logger";
import { getServerEnv } from "@/lib/env";
import { getConsoleConfig, resolveApiBaseUrl, withEmbeddedApi, type ConsoleConfig } from "../config";
import { createTokenCipher, type TokenCipher } from "../crypto";
import { getConsoleDatabase, type ConsoleDb } from "../db/client";
import { createGrantStore, type GrantStore } from "../partner/grant-store";
import { createOperatorAuthenticator, ensureOperator, type OperatorSignInResult } from "../partner/operators";
import { createPartnerTokens, type PartnerTokens } from "../partner/partner-token";
import { withAdminSources } from "../readmodel/admin-store";
import { createTokenStore, type TokenStore } from "../token-store";
import { refreshAccessToken, requestClientCredentialsToken, revokeToken } from "./token-endpoint";
import type { RevocableGrant } from "../token-store";

// What the console's auth code needs, built once per process: configuration, database, cipher and
// the token store. One store per process matters: its single-flight map is what makes 50 concurrent
// requests share one refresh.

export interface AuthDeps {
  config: ConsoleConfig;
  db: ConsoleDb;
  cipher: TokenCipher;
  store: TokenStore;
  /** The partner's company grants (partner view). */
  grants: GrantStore;
  /** The partner's client-credentials tokens. */
  partnerTokens: PartnerTokens;
  /** Checks an operator's email and password (with a lockout after repeated failures). */
  authenticateOperator: (email: unknown, password: unknown) => Promise<OperatorSignInResult>;
  fetch: typeof fetch;
  logger: Logger;
  resolveBaseUrl: (environment: Environment) => Promise<string>;
  now: () => Date;
}

export interface CreateAuthDepsInput {
  config: ConsoleConfig;
  db: ConsoleDb;
  logger: Logger;
  fetch?: typeof fetch;
  resolveBaseUrl?: (environment: Environment) => Promise<string>;
  now?: () => Date;
  sessionTtlMs?: number;
}

export function createAuthDeps(input: CreateAuthDepsInput): AuthDeps {
  const { config, db } = input;
  // Resolved at call time, so a fetch patched after start (Next.js, tests) is the one used.
  const doFetch: typeof fetch = input.fetch ?? ((...args) => fetch(...args));
  const now = input.now ?? (() => new Date());
  const resolveBaseUrl = input.resolveBaseUrl ?? ((environment: Environment) => resolveApiBaseUrl(environment, config));
  const cipher = createTokenCipher(config.authSecret);
  const store = createTokenStore({
    db,
    cipher,
    now,
    sessionTtlMs: input.sessionTtlMs,
    // Sessions are the company admins' sign-ins: their client (config.adminClients).
    refresh: async ({ environment, refreshToken }) =>
      refreshAccessToken(
        { baseUrl: await resolveBaseUrl(environment), client: config.adminClients[environment], fetch: doFetch },
        refreshToken,
      ),
  });
  const grants = createGrantStore({
    db,
    cipher,
    now,
    refresh: async ({ environment, refreshToken }) =>
      refreshAccessToken({ baseUrl: await resolveBaseUrl(environment), client: config.clients[environment], fetch: doFetch }, refreshToken),
  });
  const partnerTokens = createPartnerTokens({
    now,
    request: async (environment) =>
      requestClientCredentialsToken({ baseUrl: await resolveBaseUrl(environment), client: config.clients[environment], fetch: doFetch }),
  });
  const authenticateOperator = createOperatorAuthenticator(db);
  const deps: AuthDeps = {
    config,
    db,
    cipher,
    // Company sign-ins and sign-outs begin and end the read model's admin sources.
    store: withAdminSources(() => deps, store),
    grants,
    partnerTokens,
    authenticateOperator,
    fetch: doFetch,
    logger: input.logger,
    resolveBaseUrl,
    now,
  };
  return deps;
}

const DEPS_KEY = Symbol.for("roster.console.authDeps");

/** The auth dependencies of this process (shared by every Next.js bundle through globalThis). */
export function getAuthDeps(): Promise<AuthDeps> {
  const g = globalThis as unknown as Record<symbol, Promise<AuthDeps> | undefined>;
  const existing = g[DEPS_KEY];
  if (existing) return existing;
  const building = (async () => {
    const config = getConsoleConfig();
    const database = await getConsoleDatabase();
    // The configured operator exists (and has the configured password) before anyone signs in.
    if (config.operator) await ensureOperator(database.db, config.operator);
    return createAuthDeps({
      config,
      db: database.db,
      logger: createLogger({ name: "console-auth", level: getServerEnv().LOG_LEVEL }),
      // The embedded API of this process is called in-process; an external API over HTTP. (The
      // global fetch is resolved at call time, as createAuthDeps' own default does.)
      // A call that fails keeps the page being rendered out of the page cache (page-cache.ts).
      fetch: fetchSkippingPageCacheOnFailure(withEmbeddedApi((...args) => fetch(...args), config)),
    });
  })();
  g[DEPS_KEY] = building;
  building.catch(() => {
    if (g[DEPS_KEY] === building) g[DEPS_KEY] = undefined;
  });
  return building;
}

/** The client a grant was issued to: the admins' client or the console's, by the id stored with it. */
function clientOfGrant(deps: AuthDeps, grant: RevocableGrant) {
  const admin = deps.config.adminClients[grant.environment];
  return grant.clientId === admin.clientId ? admin : deps.config.clients[grant.environment];
}

/**
 * Revokes grants at the API (RFC 7009) after sign-out. Best effort: the console has already forgotten
 * them, and a failure is logged (without the token) rather than keeping the user signed in.
 */
export async function revokeGrants(deps: AuthDeps, grants: RevocableGrant[]): Promise<void> {
  await Promise.all(
    grants.map(async (grant) => {
      try {
        const outcome = await revokeToken(
          { baseUrl: await deps.resolveBaseUrl(grant.environment), client: clientOfGrant(deps, grant), fetch: deps.fetch },
          grant.refreshToken,
          "refresh_token",
        );
        deps.logger.info({ event: "console.grant_revoked", environment: grant.environment, outcome }, "grant revoked at sign-out");
      } catch (error) {
        deps.logger.warn(
          { event: "console.revoke_failed", environment: grant.environment, reason: (error as Error).message },
          "revocation at sign-out failed",
        );
      }
    }),
  );
}
