import "server-only";
import type { Environment } from "@/lib/contract";
import { ApiRequestError } from "../../api-errors";
import { acquire, BehindError, clientBudgetKey, companyBudgetKey, type BudgetLimits, type RequestBudget } from "./budget";

// The interactive share of the shared request budget (./budget.ts): what people using the console
// may spend, per client id and per company, beside the sync's share, so that together they stay under
// the provider's limits (1,000 a minute per client id, 300 per company):
//   client:  sync 700 + interactive 300 (burst 100 + 200/min) = 1,000
//   company: sync  60 + interactive 240 (burst  60 + 180/min) =   300
// Every call of a console session's API client takes one from these buckets first (shared by every
// console instance through the database). When the share is used up the call waits for it (at most
// 10 s, as for a Retry-After), then answers a clear 429 without calling the API. A 429 from the API
// itself pauses the sync's bucket of that company, so the sync yields to people.

export const DEFAULT_INTERACTIVE_LIMITS: BudgetLimits = {
  client: { burst: 100, perMinute: 200 },
  company: { burst: 60, perMinute: 180 },
};

export const interactiveClientKey = (environment: Environment, clientKey: string) =>
  `interactive:${clientBudgetKey(environment, clientKey)}`;
export const interactiveCompanyKey = (environment: Environment, companyId: string) =>
  `interactive:${companyBudgetKey(environment, companyId)}`;

export interface InteractiveScope {
  environment: Environment;
  /** The OAuth client id the token belongs to; null for a Customer API token (its company stands in). */
  clientId: string | null;
  companyId: string | null;
}

/** `fetch` paying each call from the interactive share of its client id and company. */
export function interactiveFetch(
  budget: RequestBudget,
  inner: typeof fetch,
  scope: InteractiveScope,
  options: { limits?: BudgetLimits; maxWaitMs?: number } = {},
): typeof fetch {
  const limits = options.limits ?? DEFAULT_INTERACTIVE_LIMITS;
  const clientKey = scope.clientId ?? (scope.companyId ? `customer-token:${scope.companyId}` : null);
  const buckets = [
    ...(clientKey ? [{ key: interactiveClientKey(scope.environment, clientKey), limit: limits.client }] : []),
    ...(scope.companyId ? [{ key: interactiveCompanyKey(scope.environment, scope.companyId), limit: limits.company }] : []),
  ];
  return async (input, init) => {
    try {
      await acquire(budget, buckets, { maxWaitMs: options.maxWaitMs ?? 10_000 });
    } catch (error) {
      if (!(error instanceof BehindError)) throw error;
      const seconds = Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000));
      throw new ApiRequestError({
        kind: "rate_limited",
        status: 429,
        message: `The console's share of the API's rate limit is in use (${error.reason.replace(/^the partner's /, "")}). Try again in ${seconds} s.`,
        requestId: null,
        retryAfter: seconds,
      });
    }
    const res = await inner(input, init);
    if (res.status === 429 && scope.companyId)
      await budget
        .pause([companyBudgetKey(scope.environment, scope.companyId)], Number(res.headers.get("retry-after") ?? "60"))
        .catch(() => undefined);
    return res;
  };
}
