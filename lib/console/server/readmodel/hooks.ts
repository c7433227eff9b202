import "server-only";
import { and, eq } from "drizzle-orm";
import type { AuthDeps } from "../auth/deps";
import { readmodelCallbacks, type AuditActor } from "../db/schema";
import type { GrantInfo } from "../partner/grant-store";
import { createGrantApiClient } from "../session";
import { getReadModelRuntime } from "./runtime";
import { removeCompanyCallback } from "./webhooks";

// The partner code's two calls into the read model: a company connected (read it now), and consent
// about to be withdrawn (delete the console's callback at the API while the grant's token still
// works; the rows themselves go with the grant, by the trigger of migration 0002). Both are best
// effort: the partner action they follow never fails because of them.

/** A company was connected (or reconnected): queue its first full re-read when the read model runs. */
export async function onCompanyConnected(deps: AuthDeps, grant: Pick<GrantInfo, "environment" | "company">): Promise<void> {
  const runtime = getReadModelRuntime();
  if (!runtime) return;
  try {
    await (
      await runtime
    ).enqueueSync({ environment: grant.environment, companyId: grant.company.id, companyName: grant.company.name, reason: "connected" });
  } catch (error) {
    deps.logger.warn(
      { event: "readmodel.enqueue_failed", environment: grant.environment, reason: (error as Error).message },
      "read model enqueue failed",
    );
  }
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
    await removeCompanyCallback(deps, api, { environment: grant.environment, company: grant.company });
  } catch (error) {
    deps.logger.warn(
      { event: "readmodel.callback_remove_failed", environment: grant.environment, reason: (error as Error).message },
      "read model callback removal failed",
    );
  }
}
