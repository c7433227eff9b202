import "server-only";
import { sql } from "drizzle-orm";
import { createApiClient, type ApiClient } from "../api-client";
import { ApiRequestError } from "../../api-errors";
import type { AuthDeps } from "../auth/deps";
import { grantRevokedError } from "../partner/grant-store";
import { REFRESH_MARGIN_MS } from "../token-store";
import { acquire, clientBudgetKey, companyBudgetKey, DEFAULT_SYNC_LIMITS, type BudgetLimits, type RequestBudget } from "./budget";
import { sourceOf, type CompanySource } from "./sources";
import type { CompanyRef } from "./store";

// The API client the sync reads one company with: the company's source (the partner's grant, else a
// signed-in company admin's connection: ./sources.ts), every request paid for from the shared budget
// first (per client id and per company), token-endpoint calls (a refresh) counted against the client
// id too, and a 429 pausing that company's budget for every console instance until Retry-After
// instead of waiting here. An admin source that ended (signed out, token refused) reads as a revoked
// grant: the sync writes nothing and the company is forgotten unless another source covers it.

export interface SyncClientOptions {
  budget: RequestBudget;
  limits?: BudgetLimits;
  /** Longest wait for budget before the company is reported behind (default 5 s). */
  maxBudgetWaitMs?: number;
}

export type SyncClientFactory = (ref: CompanyRef) => Promise<ApiClient>;

/** The budget key of a source's client: the OAuth client id, or the company's own Customer API token. */
export function sourceClientKey(ref: CompanyRef, source: CompanySource): string {
  return clientBudgetKey(ref.environment, source.clientId ?? `customer-token:${ref.company.id}`);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createSyncClientFactory(deps: AuthDeps, options: SyncClientOptions): SyncClientFactory {
  const limits = options.limits ?? DEFAULT_SYNC_LIMITS;
  const maxWaitMs = options.maxBudgetWaitMs ?? 5000;
  return async (ref) => {
    const source = await sourceOf(deps.db, { environment: ref.environment, companyId: ref.company.id });
    if (!source) throw grantRevokedError(ref.company, "no live grant or signed-in admin for this company");
    const clientBucket = { key: sourceClientKey(ref, source), limit: limits.client };
    const buckets = [clientBucket, { key: companyBudgetKey(ref.environment, ref.company.id), limit: limits.company }];
    const budgetedFetch: typeof fetch = async (input, init) => {
      await acquire(options.budget, buckets, { maxWaitMs });
      const res = await deps.fetch(input, init);
      if (res.status === 429) await options.budget.pause([buckets[1]!.key], Number(res.headers.get("retry-after") ?? "60"));
      return res;
    };

    /** A refresh is a call to the token endpoint: it is paid for from the client id's budget. */
    const refreshDue = async (): Promise<boolean> => {
      const [row] = rowsOf<{ expires: string | Date | null; kind: string | null }>(
        source.kind === "grant"
          ? await deps.db.execute(
              sql`SELECT access_expires_at AS expires, 'oauth' AS kind FROM partner_grants WHERE id = ${source.grantId}`,
            )
          : await deps.db.execute(
              sql`SELECT access_expires_at AS expires, kind FROM console_connections WHERE id = ${source.connectionId}`,
            ),
      );
      if (!row || row.kind !== "oauth") return false;
      return row.expires === null || new Date(row.expires).getTime() - Date.now() < REFRESH_MARGIN_MS;
    };
    const token = async (rejected?: string): Promise<string> => {
      if (rejected !== undefined || (await refreshDue())) await acquire(options.budget, [clientBucket], { maxWaitMs });
      if (source.kind === "grant") return deps.grants.getAccessToken(source.grantId, rejected === undefined ? {} : { rejected });
      try {
        return await deps.store.getAccessToken(source.connectionId, rejected === undefined ? {} : { rejected });
      } catch (error) {
        // The admin signed out or the API refused the connection: this source has ended.
        if (error instanceof ApiRequestError && error.status === 401) throw grantRevokedError(ref.company, "the admin's connection ended");
        throw error;
      }
    };
    let lastToken: string | undefined;
    return createApiClient({
      baseUrl: await deps.resolveBaseUrl(ref.environment),
      environment: ref.environment,
      companyId: ref.company.id,
      fetch: budgetedFetch,
      getToken: async () => (lastToken = await token()),
      onUnauthorized: async () => (lastToken = await token(lastToken)),
      // A 429 is never waited for inside a job: the company goes "behind" and its job is retried later.
      maxRetryAfterSeconds: 0,
    });
  };
}
