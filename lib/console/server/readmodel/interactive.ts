import "server-only";
import type { Environment } from "@/lib/contract";
import { clientBudgetKey, companyBudgetKey, DEFAULT_SYNC_LIMITS, type BudgetLimits, type RequestBudget } from "./budget";

// The interactive share of the shared request budget (./budget.ts): what people using the console
// spend, per client id and per company, beside the sync's share, so that together they stay under
// the provider's limits (1,000 a minute per client id, 300 per company):
//   client:  sync 700 + interactive 300 (burst 100 + 200/min) = 1,000
//   company: sync  60 + interactive 240 (burst  60 + 180/min) =   300
// Every call of a console session's API client takes one from its interactive buckets (shared by
// every console instance through the database). A person is never made to wait by the console:
// when the interactive share is used up, the call borrows from the sync's share of the same client
// id and company when there is some (the sync then waits for it: people come first), and otherwise
// goes to the API anyway, which alone decides (its 429 and Retry-After are handled by the API client,
// and pause the sync's bucket of the company so the sync yields). Budget errors never fail a call.

export const DEFAULT_INTERACTIVE_LIMITS: BudgetLimits = {
  client: { burst: 100, perMinute: 200 },
  company: { burst: 60, perMinute: 180 },
};

export const interactiveKey = (key: string) => `interactive:${key}`;

export interface InteractiveScope {
  environment: Environment;
  /** The OAuth client id the token belongs to; null for a Customer API token (its company stands in). */
  clientId: string | null;
  companyId: string | null;
}

export type InteractiveTake = "interactive" | "borrowed" | "over";

/** `fetch` paying each call from the interactive share of its client id and company. */
export function interactiveFetch(
  budget: RequestBudget,
  inner: typeof fetch,
  scope: InteractiveScope,
  options: { limits?: BudgetLimits; syncLimits?: BudgetLimits; onTake?: (take: InteractiveTake) => void } = {},
): typeof fetch {
  const limits = options.limits ?? DEFAULT_INTERACTIVE_LIMITS;
  const syncLimits = options.syncLimits ?? DEFAULT_SYNC_LIMITS;
  const clientKey = scope.clientId ?? (scope.companyId ? `customer-token:${scope.companyId}` : null);
  const sync = [
    ...(clientKey ? [{ key: clientBudgetKey(scope.environment, clientKey), limit: syncLimits.client }] : []),
    ...(scope.companyId ? [{ key: companyBudgetKey(scope.environment, scope.companyId), limit: syncLimits.company }] : []),
  ];
  const own = sync.map((b) => ({ key: interactiveKey(b.key), limit: b.key.startsWith("client:") ? limits.client : limits.company }));
  return async (input, init) => {
    if (own.length > 0) {
      let take: InteractiveTake = "over";
      try {
        if ((await budget.take(own)).ok) take = "interactive";
        else if ((await budget.take(sync)).ok) take = "borrowed";
      } catch {
        /* the budget could not be read: the call goes on (the API alone decides) */
      }
      options.onTake?.(take);
    }
    const res = await inner(input, init);
    if (res.status === 429 && scope.companyId)
      await budget
        .pause([companyBudgetKey(scope.environment, scope.companyId)], Number(res.headers.get("retry-after") ?? "60"))
        .catch(() => undefined);
    return res;
  };
}
