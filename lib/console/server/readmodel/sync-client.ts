import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { createApiClient, type ApiClient } from "../api-client";
import type { AuthDeps } from "../auth/deps";
import { partnerGrants } from "../db/schema";
import { grantRevokedError } from "../partner/grant-store";
import { acquire, clientBudgetKey, companyBudgetKey, DEFAULT_SYNC_LIMITS, type BudgetLimits, type RequestBudget } from "./budget";
import type { CompanyRef } from "./store";

// The API client the sync reads one company with: the company's grant (the partner's consent), every
// request paid for from the shared budget first (per client id and per company), and a 429 pausing
// that company's budget for every console instance until Retry-After instead of waiting here.

export interface SyncClientOptions {
  budget: RequestBudget;
  limits?: BudgetLimits;
  /** Longest wait for budget before the company is reported behind (default 5 s). */
  maxBudgetWaitMs?: number;
}

export type SyncClientFactory = (ref: CompanyRef) => Promise<ApiClient>;

export function createSyncClientFactory(deps: AuthDeps, options: SyncClientOptions): SyncClientFactory {
  const limits = options.limits ?? DEFAULT_SYNC_LIMITS;
  return async (ref) => {
    const [grant] = await deps.db
      .select({ id: partnerGrants.id, clientId: partnerGrants.clientId })
      .from(partnerGrants)
      .where(
        and(
          eq(partnerGrants.environment, ref.environment),
          eq(partnerGrants.companyId, ref.company.id),
          ne(partnerGrants.status, "revoked"),
        ),
      )
      .limit(1);
    if (!grant) throw grantRevokedError(ref.company, "no live grant for this company");
    const buckets = [
      { key: clientBudgetKey(ref.environment, grant.clientId), limit: limits.client },
      { key: companyBudgetKey(ref.environment, ref.company.id), limit: limits.company },
    ];
    const budgetedFetch: typeof fetch = async (input, init) => {
      await acquire(options.budget, buckets, { maxWaitMs: options.maxBudgetWaitMs ?? 5000 });
      const res = await deps.fetch(input, init);
      if (res.status === 429) await options.budget.pause([buckets[1]!.key], Number(res.headers.get("retry-after") ?? "60"));
      return res;
    };
    let lastToken: string | undefined;
    return createApiClient({
      baseUrl: await deps.resolveBaseUrl(ref.environment),
      environment: ref.environment,
      companyId: ref.company.id,
      fetch: budgetedFetch,
      getToken: async () => (lastToken = await deps.grants.getAccessToken(grant.id)),
      onUnauthorized: async () => (lastToken = await deps.grants.getAccessToken(grant.id, { rejected: lastToken })),
      // A 429 is never waited for inside a job: the company goes "behind" and its job is retried later.
      maxRetryAfterSeconds: 0,
    });
  };
}
