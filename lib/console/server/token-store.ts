import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, eq, lte, max, ne } from "drizzle-orm";
import { ENVIRONMENTS, type Environment, type TokenResponse } from "@/lib/contract";
import { ApiRequestError } from "../api-errors";
import { refreshFailedError, TokenEndpointError } from "./auth/token-endpoint";
import { tokenColumns, type TokenCipher } from "./crypto";
import type { ConsoleDb } from "./db/client";
import { localChangeCount } from "./db/local-changes";
import { remember } from "@/lib/recency";
import {
  consoleConnections,
  consoleSessions,
  partnerGrants,
  type ConsoleConnectionRow,
  type StoredCompany,
  type StoredUser,
} from "./db/schema";
import type { ConsoleSession } from "../session-types";

// Console sessions and their API connections (one per environment), with the tokens encrypted at
// rest, and the access-token refresh: single-flight within a process (concurrent callers share one
// promise per connection) and across processes (the refresh runs under `SELECT … FOR UPDATE`, and a
// waiter that finds the row refreshed by another instance uses that token). Refresh tokens are never
// rotated by the API, yet a rotated one is stored when it comes.

export const SESSION_TTL_MS = 7 * 24 * 3600_000;
/** An access token expiring within this margin is refreshed first (clock skew, request time). */
export const REFRESH_MARGIN_MS = 60_000;

export type ConnectionKind = "oauth" | "customer_token";

export interface NewConnection {
  environment: Environment;
  kind: ConnectionKind;
  company: StoredCompany;
  user: StoredUser | null;
  /** OAuth client the grant belongs to (null for Customer API tokens). */
  clientId: string | null;
  accessToken: string;
  refreshToken?: string | null;
  /** When the access token expires; null: no time limit (Customer API tokens). */
  accessExpiresAt?: Date | null;
  scopes: string[];
}

/** A connection as callers see it: identity and state, no token. */
export interface ConnectionInfo {
  id: string;
  sessionId: string;
  environment: Environment;
  kind: ConnectionKind;
  company: StoredCompany;
  user: StoredUser | null;
  clientId: string | null;
  scopes: string[];
  status: "active" | "dead";
  accessExpiresAt: Date | null;
}

/** An access token read with its connection, and when it expires (null: no time limit known). */
export interface UsableToken {
  value: string;
  expiresAt: Date | null;
}

/** An OAuth grant to revoke at the API after its last console connection went away. */
export interface RevocableGrant {
  environment: Environment;
  clientId: string | null;
  refreshToken: string;
}

export interface RefreshInput {
  environment: Environment;
  clientId: string | null;
  refreshToken: string;
}

export interface TokenStoreDeps {
  db: ConsoleDb;
  cipher: TokenCipher;
  /** Calls the token endpoint of the environment (refresh_token grant). */
  refresh: (input: RefreshInput) => Promise<TokenResponse>;
  now?: () => Date;
  sessionTtlMs?: number;
}

/** 401 for the UI: the connection is gone or refused; the user signs in to that environment again. */
export function signInAgainError(environment: Environment | null, reason: string): ApiRequestError {
  const where = environment ? ` to ${environment}` : "";
  return new ApiRequestError({
    kind: "unauthorized",
    status: 401,
    message: `Your session with the Employment API has ended (${reason}). Sign in${where} again.`,
    requestId: null,
    body: { signIn: true, environment },
  });
}

function toInfo(row: ConsoleConnectionRow): ConnectionInfo {
  return {
    id: row.id,
    sessionId: row.sessionId,
    environment: row.environment,
    kind: row.kind,
    company: { id: row.companyId, name: row.companyName },
    user: row.user ?? null,
    clientId: row.clientId,
    scopes: row.scopes,
    status: row.status,
    accessExpiresAt: row.accessExpiresAt,
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

/** Sessions a store keeps between renders, at most (least recently used dropped first). */
export const KEPT_SESSIONS_MAX = 2000;

/**
 * What a session's kept copy is checked against: the versions of the session's row and of its
 * connections (migration 0008: a new one from one sequence on every write) and how many connections
 * it has (one forgotten leaves the others' versions as they were).
 */
const stampOf = (sessionVersion: number, connections: number, connectionVersion: number | null) =>
  `${sessionVersion}:${connections}:${connectionVersion ?? 0}`;

/** A session kept between renders: the stamp it was read with, its end, and the local writes seen then. */
interface KeptSession {
  session: ConsoleSession;
  stamp: string;
  expiresAt: Date;
  /** localChangeCount of SESSION_TABLES when it was read or last checked; undefined on PostgreSQL. */
  changes: number | undefined;
}

/** The tables a kept session is made of. */
const SESSION_TABLES = ["console_sessions", "console_connections"] as const;

export function createTokenStore(deps: TokenStoreDeps) {
  const { db } = deps;
  const tokens = tokenColumns(deps.cipher, "console_connections");
  const now = deps.now ?? (() => new Date());
  const ttl = deps.sessionTtlMs ?? SESSION_TTL_MS;
  /** Refreshes in flight in this process, by connection id. */
  const inflight = new Map<string, Promise<string>>();
  /**
   * Sessions read by this store, by id, with the stamp they were read with (stampOf). A render reads
   * the stamp alone (one small statement) and uses the kept session while it is unchanged: any write
   * to the session or its connections, by any console instance, changes it, and a deleted session has
   * none, so a sign-out or a revoked connection acts on the next request as before.
   */
  const kept = new Map<string, KeptSession>();
  /**
   * Connections read for an API client, by `session id:environment`, with the count of local writes
   * they were read at (PGlite only, ./db/local-changes.ts): the sealed row, opened per render.
   */
  const keptConnections = new Map<string, { row: ConsoleConnectionRow; changes: number }>();

  function needsRefresh(row: ConsoleConnectionRow, accessToken: string, rejected: string | undefined): boolean {
    if (row.kind !== "oauth") return false;
    if (rejected !== undefined && rejected === accessToken) return true;
    return row.accessExpiresAt !== null && row.accessExpiresAt.getTime() - now().getTime() < REFRESH_MARGIN_MS;
  }

  async function loadSessionRow(sessionId: string) {
    const [row] = await db.select().from(consoleSessions).where(eq(consoleSessions.id, sessionId)).limit(1);
    if (!row) return null;
    if (row.expiresAt.getTime() <= now().getTime()) {
      await db.delete(consoleSessions).where(eq(consoleSessions.id, sessionId));
      return null;
    }
    return row;
  }

  /** Grants of these connections that no other live console connection relies on. */
  async function revocableGrants(rows: ConsoleConnectionRow[], excludeSessionId: string): Promise<RevocableGrant[]> {
    const out: RevocableGrant[] = [];
    for (const row of rows) {
      if (row.kind !== "oauth" || row.status !== "active" || !row.refreshTokenEnc) continue;
      // The API withdraws consent for the whole company and client on revocation: when a colleague's
      // console session still uses that consent, revoking would sign them out too, so keep it.
      const [shared] = await db
        .select({ id: consoleConnections.id })
        .from(consoleConnections)
        .where(
          and(
            eq(consoleConnections.environment, row.environment),
            eq(consoleConnections.companyId, row.companyId),
            eq(consoleConnections.kind, "oauth"),
            eq(consoleConnections.status, "active"),
            ne(consoleConnections.sessionId, excludeSessionId),
          ),
        )
        .limit(1);
      if (shared) continue;
      // Nor when the partner holds this company's consent (the partner view acts with the same client).
      const [partner] = await db
        .select({ id: partnerGrants.id })
        .from(partnerGrants)
        .where(
          and(
            eq(partnerGrants.environment, row.environment),
            eq(partnerGrants.companyId, row.companyId),
            eq(partnerGrants.clientId, row.clientId ?? ""),
            ne(partnerGrants.status, "revoked"),
          ),
        )
        .limit(1);
      if (partner) continue;
      try {
        out.push({
          environment: row.environment,
          clientId: row.clientId,
          refreshToken: tokens.open(row.id, "refresh_token", row.refreshTokenEnc),
        });
      } catch {
        /* an undecryptable token (secret changed) cannot be revoked; forgetting it is all we can do */
      }
    }
    return out;
  }

  async function refreshUnderLock(connectionId: string, seenGeneration: number, rejected: string | undefined): Promise<string> {
    type Outcome = { token: string } | { dead: string; environment: Environment | null } | { error: unknown };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx.select().from(consoleConnections).where(eq(consoleConnections.id, connectionId)).for("update");
      if (!row) return { dead: "signed out", environment: null };
      if (row.status === "dead") return { dead: row.statusReason ?? "refused", environment: row.environment };
      const access = tokens.open(row.id, "access_token", row.accessTokenEnc);
      // Another instance refreshed while we waited for the lock: its token is ours too.
      if (row.refreshGeneration !== seenGeneration && access !== rejected) return { token: access };
      if (!needsRefresh(row, access, rejected)) return { token: access };
      if (!row.refreshTokenEnc) {
        await tx
          .update(consoleConnections)
          .set({ status: "dead", statusReason: "no refresh token", updatedAt: now() })
          .where(eq(consoleConnections.id, row.id));
        return { dead: "expired", environment: row.environment };
      }
      const refreshToken = tokens.open(row.id, "refresh_token", row.refreshTokenEnc);
      let response: TokenResponse;
      try {
        response = await deps.refresh({ environment: row.environment, clientId: row.clientId, refreshToken });
      } catch (error) {
        if (error instanceof TokenEndpointError && error.error === "invalid_grant") {
          // Consent withdrawn or grant revoked: this connection is over; the user signs in again.
          await tx
            .update(consoleConnections)
            .set({ status: "dead", statusReason: "invalid_grant", updatedAt: now() })
            .where(eq(consoleConnections.id, row.id));
          return { dead: "consent withdrawn or grant revoked", environment: row.environment };
        }
        return { error };
      }
      await tx
        .update(consoleConnections)
        .set({ ...tokens.refreshed(row, response, refreshToken, now()), updatedAt: now() })
        .where(eq(consoleConnections.id, row.id));
      return { token: response.access_token };
    });
    if ("token" in outcome) return outcome.token;
    if ("dead" in outcome) throw signInAgainError(outcome.environment, outcome.dead);
    const error = outcome.error;
    if (error instanceof TokenEndpointError) throw refreshFailedError(error, "the access token");
    throw error;
  }

  /**
   * A session's connection for an environment. On PGlite the row is kept (sealed tokens and all, as
   * stored) while no write to sessions or connections has been seen since it was read; each caller
   * opens its token from it. On PostgreSQL it is read every time.
   */
  async function readConnection(sessionId: string, environment: Environment): Promise<ConsoleConnectionRow | null> {
    const changes = localChangeCount(db, SESSION_TABLES);
    const key = `${sessionId}:${environment}`;
    if (changes !== undefined) {
      const known = keptConnections.get(key);
      keptConnections.delete(key);
      if (known && known.changes === changes) {
        remember(keptConnections, key, known, KEPT_SESSIONS_MAX);
        return known.row;
      }
    }
    const [row] = await db
      .select()
      .from(consoleConnections)
      .where(and(eq(consoleConnections.sessionId, sessionId), eq(consoleConnections.environment, environment)))
      .limit(1);
    if (!row) return null;
    if (changes !== undefined) remember(keptConnections, key, { row, changes }, KEPT_SESSIONS_MAX);
    return row;
  }

  /** The session and its connections in one read (a left join), with the stamp of what was read. */
  async function readSession(sessionId: string): Promise<{ session: ConsoleSession; stamp: string; expiresAt: Date } | null> {
    const joined = await db
      .select({
        // The columns the session is made of (not its bookkeeping timestamps).
        session: {
          id: consoleSessions.id,
          kind: consoleSessions.kind,
          operatorId: consoleSessions.operatorId,
          environment: consoleSessions.environment,
          user: consoleSessions.user,
          company: consoleSessions.company,
          expiresAt: consoleSessions.expiresAt,
          version: consoleSessions.version,
        },
        connection: {
          environment: consoleConnections.environment,
          kind: consoleConnections.kind,
          status: consoleConnections.status,
          user: consoleConnections.user,
          companyId: consoleConnections.companyId,
          companyName: consoleConnections.companyName,
          version: consoleConnections.version,
        },
      })
      .from(consoleSessions)
      .leftJoin(consoleConnections, eq(consoleConnections.sessionId, consoleSessions.id))
      .where(eq(consoleSessions.id, sessionId))
      .orderBy(asc(consoleConnections.environment));
    const row = joined[0]?.session;
    if (!row) return null;
    if (row.expiresAt.getTime() <= now().getTime()) {
      await db.delete(consoleSessions).where(eq(consoleSessions.id, sessionId));
      return null;
    }
    const connections = joined.flatMap((j) => (j.connection ? [j.connection] : []));
    const stamp = stampOf(row.version, connections.length, connections.length > 0 ? Math.max(...connections.map((c) => c.version)) : null);
    if (row.kind === "operator") {
      // Operators hold no connection of their own: they act through the partner's company grants,
      // in either environment.
      return {
        stamp,
        expiresAt: row.expiresAt,
        session: {
          id: row.id,
          kind: "operator",
          operatorId: row.operatorId,
          environment: row.environment,
          environments: [...ENVIRONMENTS],
          user: row.user ?? null,
          company: row.company ?? null,
        },
      };
    }
    const current = connections.find((c) => c.environment === row.environment);
    const active = new Set(connections.filter((c) => c.status === "active").map((c) => c.environment));
    return {
      stamp,
      expiresAt: row.expiresAt,
      session: {
        id: row.id,
        kind: current?.kind ?? row.kind,
        operatorId: null,
        environment: row.environment,
        environments: ENVIRONMENTS.filter((e) => active.has(e)),
        user: current ? (current.user ?? null) : (row.user ?? null),
        company: current ? { id: current.companyId, name: current.companyName } : (row.company ?? null),
      },
    };
  }

  /** Deletes a session and its connections; returns the OAuth grants to revoke at the API. */
  async function deleteSession(sessionId: string): Promise<RevocableGrant[]> {
    const rows = await db.select().from(consoleConnections).where(eq(consoleConnections.sessionId, sessionId));
    const revocable = await revocableGrants(rows, sessionId);
    await db.delete(consoleSessions).where(eq(consoleSessions.id, sessionId));
    return revocable;
  }

  return {
    /**
     * Stores a new connection. With the id of a live session, the connection joins it (replacing the
     * one of the same environment) and becomes current; otherwise a new session starts. Returns the
     * session id.
     */
    async signIn(input: { sessionId?: string | null; connection: NewConnection }): Promise<string> {
      const at = now();
      const c = input.connection;
      let existing = input.sessionId ? await loadSessionRow(input.sessionId) : null;
      if (existing?.kind === "operator") {
        // A company sign-in in a browser where an operator was signed in replaces that session.
        await db.delete(consoleSessions).where(eq(consoleSessions.id, existing.id));
        existing = null;
      }
      const sessionId = existing?.id ?? randomBytes(32).toString("base64url");
      const connectionId = randomUUID();
      const sealed = tokens.seal(connectionId, c);
      await db.transaction(async (tx) => {
        if (existing) {
          await tx
            .update(consoleSessions)
            .set({ kind: c.kind, environment: c.environment, user: c.user, company: c.company, updatedAt: at })
            .where(eq(consoleSessions.id, sessionId));
          await tx
            .delete(consoleConnections)
            .where(and(eq(consoleConnections.sessionId, sessionId), eq(consoleConnections.environment, c.environment)));
        } else {
          await tx.insert(consoleSessions).values({
            id: sessionId,
            kind: c.kind,
            environment: c.environment,
            user: c.user,
            company: c.company,
            createdAt: at,
            updatedAt: at,
            expiresAt: new Date(at.getTime() + ttl),
          });
        }
        await tx.insert(consoleConnections).values({
          id: connectionId,
          sessionId,
          environment: c.environment,
          kind: c.kind,
          companyId: c.company.id,
          companyName: c.company.name,
          user: c.user,
          clientId: c.clientId,
          ...sealed,
          accessExpiresAt: c.accessExpiresAt ?? null,
          scopes: c.scopes,
          createdAt: at,
          updatedAt: at,
        });
      });
      // Housekeeping on sign-in (rare, indexed): sessions past their end take their tokens with them.
      await db.delete(consoleSessions).where(lte(consoleSessions.expiresAt, at));
      return sessionId;
    },

    /**
     * The session as server code sees it, or null when unknown or expired. Never holds a token. A
     * session read before comes from this store's memory when its stamp (versions of the session and
     * its connections, read in one small statement) has not changed since.
     */
    async getSession(sessionId: string): Promise<ConsoleSession | null> {
      // Taken before any read: a write landing while we read moves it, and the next render checks again.
      const changes = localChangeCount(db, SESSION_TABLES);
      const known = kept.get(sessionId);
      if (known) {
        kept.delete(sessionId);
        // PGlite: no write to sessions or connections since this copy was read or checked.
        if (changes !== undefined && known.changes === changes && known.expiresAt.getTime() > now().getTime()) {
          remember(kept, sessionId, known, KEPT_SESSIONS_MAX);
          return known.session;
        }
        const [current] = await db
          .select({
            version: consoleSessions.version,
            expiresAt: consoleSessions.expiresAt,
            connections: count(consoleConnections.id),
            connectionVersion: max(consoleConnections.version).mapWith(Number),
          })
          .from(consoleSessions)
          .leftJoin(consoleConnections, eq(consoleConnections.sessionId, consoleSessions.id))
          .where(eq(consoleSessions.id, sessionId))
          .groupBy(consoleSessions.id);
        if (!current) return null;
        if (current.expiresAt.getTime() <= now().getTime()) {
          await db.delete(consoleSessions).where(eq(consoleSessions.id, sessionId));
          return null;
        }
        if (stampOf(current.version, current.connections, current.connectionVersion) === known.stamp) {
          remember(kept, sessionId, { ...known, expiresAt: current.expiresAt, changes }, KEPT_SESSIONS_MAX);
          return known.session;
        }
      }
      const read = await readSession(sessionId);
      if (!read) return null;
      remember(kept, sessionId, { ...read, changes }, KEPT_SESSIONS_MAX);
      return read.session;
    },

    /**
     * Starts an operator session (partner staff). A session the browser held before ends; its OAuth
     * grants are returned for revocation. Returns the new session id.
     */
    async signInOperator(input: {
      previousSessionId?: string | null;
      operator: StoredUser;
      environment: Environment;
    }): Promise<{ sessionId: string; revocable: RevocableGrant[] }> {
      const revocable = input.previousSessionId ? await deleteSession(input.previousSessionId) : [];
      const at = now();
      const sessionId = randomBytes(32).toString("base64url");
      await db.insert(consoleSessions).values({
        id: sessionId,
        kind: "operator",
        operatorId: input.operator.id,
        environment: input.environment,
        user: input.operator,
        company: null,
        createdAt: at,
        updatedAt: at,
        expiresAt: new Date(at.getTime() + ttl),
      });
      await db.delete(consoleSessions).where(lte(consoleSessions.expiresAt, at));
      return { sessionId, revocable };
    },

    /** The company an operator acts for in the current environment (null: back to the partner view). */
    async setCompany(sessionId: string, company: StoredCompany | null): Promise<"ok" | "no_session" | "not_operator"> {
      const session = await loadSessionRow(sessionId);
      if (!session) return "no_session";
      if (session.kind !== "operator") return "not_operator";
      await db.update(consoleSessions).set({ company, updatedAt: now() }).where(eq(consoleSessions.id, sessionId));
      return "ok";
    },

    async getConnection(sessionId: string, environment: Environment): Promise<ConnectionInfo | null> {
      const [row] = await db
        .select()
        .from(consoleConnections)
        .where(and(eq(consoleConnections.sessionId, sessionId), eq(consoleConnections.environment, environment)))
        .limit(1);
      return row ? toInfo(row) : null;
    },

    /**
     * The connection and, from the same read, its access token when it can be used as it is (active,
     * and an OAuth token not due for refresh): the API client of one request or render starts with it
     * instead of reading it again per call. `token` is null when a call must go through
     * getAccessToken (refresh due). The token is for that one client only: never cache it further.
     */
    async getConnectionWithToken(
      sessionId: string,
      environment: Environment,
    ): Promise<{ connection: ConnectionInfo; token: UsableToken | null } | null> {
      const row = await readConnection(sessionId, environment);
      if (!row) return null;
      const connection = toInfo(row);
      if (row.status !== "active") return { connection, token: null };
      const access = tokens.open(row.id, "access_token", row.accessTokenEnc);
      if (needsRefresh(row, access, undefined)) return { connection, token: null };
      return { connection, token: { value: access, expiresAt: row.kind === "oauth" ? row.accessExpiresAt : null } };
    },

    /** Makes an environment current when the session holds a live connection for it. */
    async setEnvironment(sessionId: string, environment: Environment): Promise<"ok" | "no_connection" | "no_session"> {
      const session = await loadSessionRow(sessionId);
      if (!session) return "no_session";
      if (session.kind === "operator") {
        // Companies are per environment: the other environment starts at the partner view.
        await db.update(consoleSessions).set({ environment, company: null, updatedAt: now() }).where(eq(consoleSessions.id, sessionId));
        return "ok";
      }
      const [conn] = await db
        .select()
        .from(consoleConnections)
        .where(
          and(
            eq(consoleConnections.sessionId, sessionId),
            eq(consoleConnections.environment, environment),
            eq(consoleConnections.status, "active"),
          ),
        )
        .limit(1);
      if (!conn) return "no_connection";
      await db
        .update(consoleSessions)
        .set({ environment, kind: conn.kind, user: conn.user, company: { id: conn.companyId, name: conn.companyName }, updatedAt: now() })
        .where(eq(consoleSessions.id, sessionId));
      return "ok";
    },

    /**
     * A valid access token of a connection. OAuth tokens expiring within a minute, or the one the API
     * just rejected (`rejected`), are refreshed once however many callers ask at the same moment.
     * Throws a 401 ApiRequestError when the connection is gone or refused (sign in again).
     */
    async getAccessToken(connectionId: string, options: { rejected?: string } = {}): Promise<string> {
      const [row] = await db.select().from(consoleConnections).where(eq(consoleConnections.id, connectionId)).limit(1);
      if (!row) throw signInAgainError(null, "signed out");
      if (row.status === "dead") throw signInAgainError(row.environment, row.statusReason ?? "refused");
      const access = tokens.open(row.id, "access_token", row.accessTokenEnc);
      if (row.kind === "customer_token") {
        if (options.rejected !== undefined && options.rejected === access) {
          // A Customer API token cannot be refreshed: revoked or expired at the API means over.
          await db
            .update(consoleConnections)
            .set({ status: "dead", statusReason: "token rejected", updatedAt: now() })
            .where(eq(consoleConnections.id, row.id));
          throw signInAgainError(row.environment, "the Customer API token was rejected");
        }
        return access;
      }
      if (!needsRefresh(row, access, options.rejected)) return access;
      const running = inflight.get(connectionId);
      if (running) return running;
      const refresh = refreshUnderLock(connectionId, row.refreshGeneration, options.rejected).finally(() => inflight.delete(connectionId));
      inflight.set(connectionId, refresh);
      return refresh;
    },

    /** Marks a connection refused (e.g. the API answered 401 after a refresh). */
    async markDead(connectionId: string, reason: string): Promise<void> {
      await db
        .update(consoleConnections)
        .set({ status: "dead", statusReason: reason, updatedAt: now() })
        .where(eq(consoleConnections.id, connectionId));
    },

    /** Deletes the session and its connections; returns the OAuth grants to revoke at the API. */
    deleteSession,

    /**
     * Forgets one environment's connection (a Customer API token, or an OAuth grant, which is returned
     * for revocation). The session ends with its last connection; otherwise another environment
     * becomes current when the forgotten one was.
     */
    async deleteConnection(sessionId: string, environment: Environment): Promise<{ revocable: RevocableGrant[]; sessionDeleted: boolean }> {
      const rows = await db
        .select()
        .from(consoleConnections)
        .where(and(eq(consoleConnections.sessionId, sessionId), eq(consoleConnections.environment, environment)));
      const revocable = await revocableGrants(rows, sessionId);
      await db
        .delete(consoleConnections)
        .where(and(eq(consoleConnections.sessionId, sessionId), eq(consoleConnections.environment, environment)));
      const remaining = await db.select().from(consoleConnections).where(eq(consoleConnections.sessionId, sessionId));
      if (remaining.length === 0) {
        await db.delete(consoleSessions).where(eq(consoleSessions.id, sessionId));
        return { revocable, sessionDeleted: true };
      }
      const session = await loadSessionRow(sessionId);
      const next = remaining.find((r) => r.status === "active") ?? remaining[0];
      if (session && next && session.environment === environment) {
        await db
          .update(consoleSessions)
          .set({
            environment: next.environment,
            kind: next.kind,
            user: next.user,
            company: { id: next.companyId, name: next.companyName },
            updatedAt: now(),
          })
          .where(eq(consoleSessions.id, sessionId));
      }
      return { revocable, sessionDeleted: false };
    },
  };
}
