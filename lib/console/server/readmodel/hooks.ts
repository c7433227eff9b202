import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { AuthDeps } from "../auth/deps";
import { readmodelCallbacks, type AuditActor, type StoredCompany } from "../db/schema";
import type { GrantInfo } from "../partner/grant-store";
import { createConnectionApiClient, createGrantApiClient } from "../session";
import { ensureReadModel } from "./runtime";
import { forgetCompanyUnlessSourced } from "./sources";
import { removeCompanyCallback } from "./webhooks";
import type { SyncJobData } from "./jobs";

// The read model's sources begin and end here (docs/decisions/console-readmodel-sources.md):
// - a company connected by the partner, or a company admin signed in: read it now (starting the read
//   model in this process if it is the first source);
// - consent about to be withdrawn: delete the console's callback at the API while the grant's token
//   still works (the rows go with the grant, by the trigger of migration 0002);
// - an admin signed out (or forgot the environment's connection): when no other admin session nor a
//   partner grant covers the company, its callback is deleted at the API with the admin's token (before
//   the connection goes) and its rows after.
// A callback that could not be deleted at the API then (no working token, the API refused) stays
// recorded as retired, with the reason, and is deleted with the next working token for the company
// (./webhooks.ts retryRetiredCallbacks, before each sync).
// All best effort: the action they follow never fails because of them.

async function enqueue(deps: AuthDeps, job: SyncJobData): Promise<void> {
  const runtime = ensureReadModel();
  if (!runtime) return;
  try {
    await (await runtime).enqueueSync(job);
  } catch (error) {
    deps.logger.warn(
      { event: "readmodel.enqueue_failed", environment: job.environment, reason: (error as Error).message },
      "read model enqueue failed",
    );
  }
}

/**
 * A company was connected (or reconnected): queue its first full re-read. Not awaited by the connect
 * flow: the first source of a console starts its read model (pg-boss creating its schema), which the
 * person connecting the company should not wait for.
 */
export async function onCompanyConnected(deps: AuthDeps, grant: Pick<GrantInfo, "environment" | "company">): Promise<void> {
  void enqueue(deps, {
    environment: grant.environment,
    companyId: grant.company.id,
    companyName: grant.company.name,
    reason: "connected",
  });
}

/** A company admin signed in: the company is a source; queue its full re-read (not awaited by the sign-in). */
export function onAdminSignedIn(deps: AuthDeps, connection: { environment: Environment; company: StoredCompany }): void {
  void enqueue(deps, {
    environment: connection.environment,
    companyId: connection.company.id,
    companyName: connection.company.name,
    reason: "signed_in",
  });
}

/** Consent is about to be withdrawn: delete the console's callback for the company at the API. */
export async function beforeConsentWithdrawn(deps: AuthDeps, grant: GrantInfo, actor: AuditActor): Promise<void> {
  const c = readmodelCallbacks;
  try {
    const [row] = await deps.db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.environment, grant.environment), eq(c.companyId, grant.company.id)))
      .limit(1);
    if (!row) return;
    const api = grant.status === "revoked" ? null : createGrantApiClient(deps, grant, await deps.resolveBaseUrl(grant.environment), actor);
    await removeCompanyCallback(
      deps,
      api,
      { environment: grant.environment, company: grant.company },
      "the partner grant was already revoked",
    );
  } catch (error) {
    deps.logger.warn(
      { event: "readmodel.callback_remove_failed", environment: grant.environment, reason: (error as Error).message },
      "read model callback removal failed",
    );
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Before an admin's connections go (sign-out: the whole session, or one environment's connection):
 * for each company that nothing else covers (no other admin session, no live partner grant), deletes
 * the console's callback at the API with this admin's token. Returns what to run after the
 * connections are gone: the deletion of those companies' rows (re-checked under lock).
 */
export async function beforeAdminSourcesEnd(
  deps: AuthDeps,
  sessionId: string,
  environment?: Environment,
  /** A company signing in again in this session stays a source. */
  keepCompanyId?: string,
): Promise<() => Promise<void>> {
  let ending: { id: string; environment: Environment; company_id: string; company_name: string }[] = [];
  try {
    ending = rowsOf(
      await deps.db.execute(sql`
        SELECT cc.id, cc.environment, cc.company_id, cc.company_name FROM console_connections cc
        WHERE cc.session_id = ${sessionId} ${environment ? sql`AND cc.environment = ${environment}` : sql``}
          ${keepCompanyId ? sql`AND cc.company_id <> ${keepCompanyId}` : sql``}
          AND NOT EXISTS (SELECT 1 FROM partner_grants pg WHERE pg.environment = cc.environment AND pg.company_id = cc.company_id AND pg.status <> 'revoked')
          AND NOT EXISTS (SELECT 1 FROM console_connections o JOIN console_sessions os ON os.id = o.session_id
            WHERE o.environment = cc.environment AND o.company_id = cc.company_id AND o.session_id <> cc.session_id
              AND o.status = 'active' AND os.expires_at > now())`),
    );
    for (const row of ending) {
      const c = readmodelCallbacks;
      const [callback] = await deps.db
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.environment, row.environment), eq(c.companyId, row.company_id)))
        .limit(1);
      if (!callback) continue;
      const connection = await deps.store.getConnection(sessionId, row.environment);
      const api =
        connection && connection.status === "active"
          ? createConnectionApiClient(deps, connection, await deps.resolveBaseUrl(row.environment))
          : null;
      await removeCompanyCallback(
        deps,
        api,
        { environment: row.environment, company: { id: row.company_id, name: row.company_name } },
        connection ? `the admin's connection had ended (${connection.status})` : "the admin's connection was gone",
      );
    }
  } catch (error) {
    deps.logger.warn({ event: "readmodel.admin_end_failed", reason: (error as Error).message }, "read model admin source end failed");
  }
  return async () => {
    for (const row of ending) {
      await forgetCompanyUnlessSourced(deps.db, { environment: row.environment, companyId: row.company_id }).catch((error: unknown) =>
        deps.logger.warn({ event: "readmodel.forget_failed", reason: (error as Error).message }, "read model rows deletion failed"),
      );
    }
  };
}
