import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Environment, TokenResponse } from "@/lib/contract";
import { ApiRequestError } from "../../api-errors";
import { refreshFailedError, TokenEndpointError } from "../auth/token-endpoint";
import { tokenColumns, type TokenCipher } from "../crypto";
import type { ConsoleDb } from "../db/client";
import { partnerGrants, type GrantStatus, type PartnerGrantRow, type StoredCompany, type StoredUser } from "../db/schema";
import { REFRESH_MARGIN_MS, type RefreshInput } from "../token-store";

// The partner's grants: one per company and environment, with its tokens encrypted at rest, its
// health (active, refresh failing, consent revoked) and the time of its last successful call. The
// access token is refreshed single-flight: one promise per grant in a process, and across console
// instances the refresh runs under `SELECT … FOR UPDATE`, a waiter that finds `refresh_generation`
// changed using the token another instance stored (the scheme of ../token-store.ts).

/** A grant as callers see it: identity and health, never a token. */
export interface GrantInfo {
  id: string;
  environment: Environment;
  company: StoredCompany;
  clientId: string;
  scopes: string[];
  status: GrantStatus;
  statusReason: string | null;
  statusChangedAt: Date;
  lastSuccessAt: Date | null;
  consentedBy: StoredUser | null;
  consentedAt: Date;
  connectedByOperatorId: string | null;
}

export interface NewGrant {
  environment: Environment;
  company: StoredCompany;
  clientId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  scopes: string[];
  consentedBy: StoredUser | null;
  operatorId: string | null;
}

export interface GrantStoreDeps {
  db: ConsoleDb;
  cipher: TokenCipher;
  /** The token endpoint of the environment (refresh_token grant). */
  refresh: (input: RefreshInput) => Promise<TokenResponse>;
  now?: () => Date;
  /** Minimum time between two writes of `last_success_at` for one grant (default 15 s). */
  successWriteIntervalMs?: number;
}

export const GRANT_REVOKED = "grant_revoked";

/** The company withdrew its consent (or it was withdrawn here): reconnect it from the partner view. */
export function grantRevokedError(company: StoredCompany, reason: string): ApiRequestError {
  return new ApiRequestError({
    kind: "conflict",
    status: 409,
    message: `${company.name} is not connected any more (${reason}). Reconnect it from the partner view.`,
    requestId: null,
    body: { code: GRANT_REVOKED, companyId: company.id },
  });
}

function toInfo(row: PartnerGrantRow): GrantInfo {
  return {
    id: row.id,
    environment: row.environment,
    company: { id: row.companyId, name: row.companyName },
    clientId: row.clientId,
    scopes: row.scopes,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt,
    lastSuccessAt: row.lastSuccessAt,
    consentedBy: row.consentedBy ?? null,
    consentedAt: row.consentedAt,
    connectedByOperatorId: row.connectedByOperatorId,
  };
}

export type GrantStore = ReturnType<typeof createGrantStore>;

export function createGrantStore(deps: GrantStoreDeps) {
  const { db } = deps;
  const tokens = tokenColumns(deps.cipher, "partner_grants");
  const now = deps.now ?? (() => new Date());
  const successInterval = deps.successWriteIntervalMs ?? 15_000;
  /** Refreshes in flight in this process, by grant id. */
  const inflight = new Map<string, Promise<string>>();
  /** When this process last wrote a success, by grant id. */
  const lastSuccessWrite = new Map<string, number>();

  const setStatus = (status: GrantStatus, reason: string | null) => ({
    status,
    statusReason: reason,
    statusChangedAt: now(),
    updatedAt: now(),
  });

  function needsRefresh(row: PartnerGrantRow, accessToken: string, rejected: string | undefined): boolean {
    if (rejected !== undefined && rejected === accessToken) return true;
    return row.accessExpiresAt === null || row.accessExpiresAt.getTime() - now().getTime() < REFRESH_MARGIN_MS;
  }

  async function refreshUnderLock(grantId: string, seenGeneration: number, rejected: string | undefined): Promise<string> {
    type Outcome =
      { token: string } | { revoked: string; company: StoredCompany } | { failed: TokenEndpointError | ApiRequestError | Error };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx.select().from(partnerGrants).where(eq(partnerGrants.id, grantId)).for("update");
      if (!row) return { revoked: "the grant was removed", company: { id: "", name: "This company" } };
      const company = { id: row.companyId, name: row.companyName };
      if (row.status === "revoked" || !row.accessTokenEnc || !row.refreshTokenEnc)
        return { revoked: row.statusReason ?? "consent revoked", company };
      const access = tokens.open(row.id, "access_token", row.accessTokenEnc);
      // Another instance refreshed while we waited for the lock: its token is ours too.
      if (row.refreshGeneration !== seenGeneration && access !== rejected) return { token: access };
      if (!needsRefresh(row, access, rejected)) return { token: access };
      const refreshToken = tokens.open(row.id, "refresh_token", row.refreshTokenEnc);
      let response: TokenResponse;
      try {
        response = await deps.refresh({ environment: row.environment, clientId: row.clientId, refreshToken });
      } catch (error) {
        if (error instanceof TokenEndpointError && error.error === "invalid_grant") {
          const reason = "the API refused the grant: consent withdrawn";
          await tx
            .update(partnerGrants)
            .set({ ...setStatus("revoked", reason), accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null })
            .where(eq(partnerGrants.id, row.id));
          return { revoked: reason, company };
        }
        const reason = error instanceof Error ? error.message : String(error);
        await tx
          .update(partnerGrants)
          .set(setStatus("refresh_failing", `refresh failed: ${reason}`))
          .where(eq(partnerGrants.id, row.id));
        return { failed: error instanceof Error ? error : new Error(reason) };
      }
      await tx
        .update(partnerGrants)
        .set({
          ...tokens.refreshed(row, response, refreshToken, now()),
          ...(row.status === "refresh_failing" ? setStatus("active", null) : { updatedAt: now() }),
        })
        .where(eq(partnerGrants.id, row.id));
      return { token: response.access_token };
    });
    if ("token" in outcome) return outcome.token;
    if ("revoked" in outcome) throw grantRevokedError(outcome.company, outcome.revoked);
    const error = outcome.failed;
    if (error instanceof TokenEndpointError) throw refreshFailedError(error, "the company's access token");
    if (error instanceof ApiRequestError) throw error;
    throw new ApiRequestError({
      kind: "server",
      status: 502,
      message: `Refreshing the company's access token failed: ${error.message}`,
      requestId: null,
    });
  }

  async function loadRow(grantId: string): Promise<PartnerGrantRow | null> {
    const [row] = await db.select().from(partnerGrants).where(eq(partnerGrants.id, grantId)).limit(1);
    return row ?? null;
  }

  return {
    /** Stores a company's consent; a company connected before (even revoked) gets its row updated. */
    async saveGrant(input: NewGrant): Promise<GrantInfo> {
      const at = now();
      const [existing] = await db
        .select({ id: partnerGrants.id, generation: partnerGrants.refreshGeneration })
        .from(partnerGrants)
        .where(and(eq(partnerGrants.environment, input.environment), eq(partnerGrants.companyId, input.company.id)))
        .limit(1);
      const id = existing?.id ?? randomUUID();
      const values = {
        companyName: input.company.name,
        clientId: input.clientId,
        ...tokens.seal(id, input),
        accessExpiresAt: input.accessExpiresAt,
        scopes: input.scopes,
        consentedBy: input.consentedBy,
        consentedAt: at,
        connectedByOperatorId: input.operatorId,
        status: "active" as const,
        statusReason: null,
        statusChangedAt: at,
        lastSuccessAt: at,
        updatedAt: at,
      };
      await db
        .insert(partnerGrants)
        .values({ id, environment: input.environment, companyId: input.company.id, createdAt: at, refreshGeneration: 0, ...values })
        .onConflictDoUpdate({
          target: [partnerGrants.environment, partnerGrants.companyId],
          // A new generation: a refresh that started with the old tokens must not overwrite these.
          set: { ...values, refreshGeneration: sql`${partnerGrants.refreshGeneration} + 1` },
        });
      let [row] = await db
        .select()
        .from(partnerGrants)
        .where(and(eq(partnerGrants.environment, input.environment), eq(partnerGrants.companyId, input.company.id)))
        .limit(1);
      if (!row) throw new Error("The grant could not be stored");
      if (row.id !== id) {
        // Another connect of the same company created the row between our read and our insert: our
        // values were sealed for the id we expected, so seal them again for the row that exists.
        await db
          .update(partnerGrants)
          .set({
            ...values,
            ...tokens.seal(row.id, input),
          })
          .where(eq(partnerGrants.id, row.id));
        row = (await loadRow(row.id)) ?? row;
      }
      lastSuccessWrite.set(row.id, at.getTime());
      return toInfo(row);
    },

    /** Every grant of an environment (revoked ones included), by company name. */
    async listGrants(environment: Environment): Promise<GrantInfo[]> {
      const rows = await db
        .select()
        .from(partnerGrants)
        .where(eq(partnerGrants.environment, environment))
        .orderBy(asc(partnerGrants.companyName), asc(partnerGrants.companyId));
      return rows.map(toInfo);
    },

    async getGrant(environment: Environment, companyId: string): Promise<GrantInfo | null> {
      const [row] = await db
        .select()
        .from(partnerGrants)
        .where(and(eq(partnerGrants.environment, environment), eq(partnerGrants.companyId, companyId)))
        .limit(1);
      return row ? toInfo(row) : null;
    },

    /**
     * A valid access token of a grant. One that expires within a minute, or the one the API just
     * rejected (`rejected`), is refreshed once however many callers ask at the same moment. A revoked
     * grant throws a 409 `grant_revoked`; a failing refresh marks the grant "refresh failing".
     */
    async getAccessToken(grantId: string, options: { rejected?: string } = {}): Promise<string> {
      const row = await loadRow(grantId);
      if (!row || row.status === "revoked" || !row.accessTokenEnc) {
        throw grantRevokedError(
          row ? { id: row.companyId, name: row.companyName } : { id: "", name: "This company" },
          row?.statusReason ?? "consent revoked",
        );
      }
      const access = tokens.open(row.id, "access_token", row.accessTokenEnc);
      if (!needsRefresh(row, access, options.rejected)) return access;
      const running = inflight.get(grantId);
      if (running) return running;
      const refresh = refreshUnderLock(grantId, row.refreshGeneration, options.rejected).finally(() => inflight.delete(grantId));
      inflight.set(grantId, refresh);
      return refresh;
    },

    /** A call with the grant succeeded: its time (written at most every 15 s), and a failing grant is active again. */
    async recordSuccess(grantId: string): Promise<void> {
      const at = now().getTime();
      const last = lastSuccessWrite.get(grantId);
      if (last !== undefined && at - last < successInterval) return;
      lastSuccessWrite.set(grantId, at);
      await db
        .update(partnerGrants)
        .set({
          lastSuccessAt: new Date(at),
          status: sql`CASE WHEN ${partnerGrants.status} = 'refresh_failing' THEN 'active' ELSE ${partnerGrants.status} END`,
          statusReason: sql`CASE WHEN ${partnerGrants.status} = 'refresh_failing' THEN NULL ELSE ${partnerGrants.statusReason} END`,
        })
        .where(and(eq(partnerGrants.id, grantId), ne(partnerGrants.status, "revoked")));
    },

    /** The API refused the grant (or no longer lists the company): consent revoked; its tokens are forgotten. */
    async markRevoked(grantId: string, reason: string): Promise<void> {
      await db
        .update(partnerGrants)
        .set({ ...setStatus("revoked", reason), accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null })
        .where(and(eq(partnerGrants.id, grantId), ne(partnerGrants.status, "revoked")));
    },

    /**
     * Withdrawal by an operator: marks the grant revoked, forgets its tokens and returns the refresh
     * token to revoke at the API (null when there was none left).
     */
    async withdraw(
      grantId: string,
      reason: string,
    ): Promise<{ refreshToken: string | null; clientId: string; environment: Environment } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(partnerGrants).where(eq(partnerGrants.id, grantId)).for("update");
        if (!row) return null;
        let refreshToken: string | null = null;
        if (row.refreshTokenEnc) {
          try {
            refreshToken = tokens.open(row.id, "refresh_token", row.refreshTokenEnc);
          } catch {
            /* undecryptable (secret changed): nothing to revoke, forgetting is all we can do */
          }
        }
        await tx
          .update(partnerGrants)
          .set({ ...setStatus("revoked", reason), accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null })
          .where(eq(partnerGrants.id, row.id));
        return { refreshToken, clientId: row.clientId, environment: row.environment };
      });
    },

    /** Keeps the stored name in step with the API's. */
    async renameCompany(grantId: string, name: string): Promise<void> {
      await db
        .update(partnerGrants)
        .set({ companyName: name, updatedAt: now() })
        .where(and(eq(partnerGrants.id, grantId), ne(partnerGrants.companyName, name)));
    },
  };
}
