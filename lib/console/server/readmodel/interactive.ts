import "server-only";
import type { Environment } from "@/lib/contract";
import { clientBudgetKey, companyBudgetKey, DEFAULT_SYNC_LIMITS, type BucketLimit, type BudgetLimits, type RequestBudget } from "./budget";

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

/**
 * One process's takes from one set of buckets (./budget.ts): the calls that ask while a take is in
 * flight wait for it to end and are then taken together, in one transaction (`takeUpTo` of as many
 * as wait): under load, one console-database transaction per batch of calls instead of one per call.
 * Nothing is taken ahead of a call, and nothing is kept: each call's request is taken from the shared
 * buckets before the call is sent, exactly as one transaction per call did, so the buckets' guarantee
 * (at most burst + perMinute in any 60 s, across every console instance) is unchanged.
 *
 * A take that came up short says how long the buckets stay empty (`waitMs`): until then a take is
 * answered "none" without a transaction. That is what the database would answer: only time refills a
 * bucket; another instance's take or a 429's pause only make the wait longer, never shorter.
 */
class BatchedTake {
  private waiting: Array<{ resolve: (took: boolean) => void; reject: (error: unknown) => void }> = [];
  private running = false;
  /** performance.now() before which the buckets are known to hold nothing. */
  private emptyUntil = 0;

  constructor(
    private readonly budget: RequestBudget,
    private readonly buckets: { key: string; limit: BucketLimit }[],
  ) {}

  /** True: one request was taken for this call; false: the buckets hold none now. */
  take(): Promise<boolean> {
    if (performance.now() < this.emptyUntil) return Promise.resolve(false);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting;
        this.waiting = [];
        if (performance.now() < this.emptyUntil) {
          for (const w of batch) w.resolve(false);
          continue;
        }
        try {
          const { taken, waitMs } = await this.budget.takeUpTo(this.buckets, batch.length);
          // Known empty a millisecond short of the wait (the database rounds it up).
          if (taken < batch.length) this.emptyUntil = performance.now() + Math.max(0, waitMs - 1);
          batch.forEach((w, i) => w.resolve(i < taken));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** The batched takes of one budget (one per console database: session.ts), by bucket set. */
const batchedTakes = new WeakMap<RequestBudget, Map<string, BatchedTake>>();

function batchedTake(budget: RequestBudget, buckets: { key: string; limit: BucketLimit }[]): BatchedTake {
  let byKeys = batchedTakes.get(budget);
  if (!byKeys) batchedTakes.set(budget, (byKeys = new Map()));
  const id = buckets.map((b) => `${b.key}|${b.limit.burst}|${b.limit.perMinute}`).join("\n");
  let taker = byKeys.get(id);
  if (!taker) {
    taker = new BatchedTake(budget, buckets);
    byKeys.set(id, taker);
    // Bounded: a long-running process sees many companies; a dropped entry only loses its batching.
    if (byKeys.size > 10_000) byKeys.delete(byKeys.keys().next().value!);
  }
  return taker;
}

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
        if (await batchedTake(budget, own).take()) take = "interactive";
        else if (await batchedTake(budget, sync).take()) take = "borrowed";
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
