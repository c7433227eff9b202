import "server-only";
import { sql } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { ConsoleDb } from "../db/client";

// One request budget per client id, and one per company, shared by every console instance: token
// buckets in the console's database (`readmodel_budgets`), refilled by elapsed time on the database's
// clock and taken under the row lock, so two instances never take more than the budget between them.
//
// The provider counts 1,000 requests a minute per client id and 300 per company, in fixed windows
// that start at the first request. A bucket of capacity `burst` refilled at `perMinute` lets at most
// `burst + perMinute` requests through in any 60 seconds, so the sync's budget is set below the
// provider's limit by the share reserved for interactive use (people using the console):
//   client:  burst 50 + 650/min = 700 in any minute (30% of 1,000 left to interactive calls)
//   company: burst 10 +  50/min =  60 in any minute (240 of 300 left to interactive calls)
// A 429 pauses the bucket it came through until Retry-After, for every instance.

export interface BucketLimit {
  burst: number;
  perMinute: number;
}

export interface BudgetLimits {
  client: BucketLimit;
  company: BucketLimit;
}

export const DEFAULT_SYNC_LIMITS: BudgetLimits = {
  client: { burst: 50, perMinute: 650 },
  company: { burst: 10, perMinute: 50 },
};

export const clientBudgetKey = (environment: Environment, clientId: string) => `client:${environment}:${clientId}`;
export const companyBudgetKey = (environment: Environment, companyId: string) => `company:${environment}:${companyId}`;

export type TakeResult = { ok: true } | { ok: false; waitMs: number; reason: string };

interface BucketRow {
  key: string;
  tokens: number;
  elapsed_ms: number;
  paused_ms: number;
  paused_by_429: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What `takeUpTo` took: `taken` of the `max` asked (0 to max); when short, `waitMs` until the next one. */
export interface TakeUpToResult {
  taken: number;
  /** 0 when every request asked for was taken; otherwise how long until the buckets hold one more. */
  waitMs: number;
  reason: string;
}

export interface RequestBudget {
  /** Takes one request from every bucket named, or none and says how long to wait. */
  take(buckets: { key: string; limit: BucketLimit }[]): Promise<TakeResult>;
  /**
   * Takes as many requests as every bucket named holds, up to `max`, in one transaction (several
   * callers' requests at once: ./interactive.ts); when fewer than `max`, says how long until the
   * buckets hold one more.
   */
  takeUpTo(buckets: { key: string; limit: BucketLimit }[], max: number): Promise<TakeUpToResult>;
  /** A 429 came through these buckets: every taker waits until Retry-After. */
  pause(keys: string[], retryAfterSeconds: number): Promise<void>;
}

export function createRequestBudget(db: ConsoleDb): RequestBudget {
  const takeUpTo: RequestBudget["takeUpTo"] = async (buckets, max) => {
    const sorted = [...buckets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const keyList = sql.join(
      sorted.map((b) => sql`${b.key}`),
      sql`, `,
    );
    return db.transaction(async (tx): Promise<TakeUpToResult> => {
      // Missing buckets start full (one statement for all of them; in key order).
      await tx.execute(
        sql`INSERT INTO readmodel_budgets (key, tokens, refilled_at) VALUES ${sql.join(
          sorted.map((b) => sql`(${b.key}, ${b.limit.burst}, clock_timestamp())`),
          sql`, `,
        )} ON CONFLICT (key) DO NOTHING`,
      );
      // In key order, so two takers of the same pair never deadlock.
      const rows = rowsOf<BucketRow>(
        await tx.execute(sql`
          SELECT key, tokens,
            (extract(epoch FROM clock_timestamp() - refilled_at) * 1000)::float8 AS elapsed_ms,
            coalesce((extract(epoch FROM paused_until - clock_timestamp()) * 1000)::float8, 0) AS paused_ms,
            paused_by_429
          FROM readmodel_budgets WHERE key IN (${keyList}) ORDER BY key FOR UPDATE`),
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      let pausedMs = 0;
      let pausedReason = "";
      const refilled: { key: string; tokens: number; rate: number }[] = [];
      for (const bucket of sorted) {
        const row = byKey.get(bucket.key)!;
        if (row.paused_ms > 0) {
          if (row.paused_ms > pausedMs) {
            pausedMs = row.paused_ms;
            pausedReason = row.paused_by_429 ? "rate limited by the API (429)" : "waiting for the API's rate limit";
          }
          continue;
        }
        const rate = bucket.limit.perMinute / 60_000;
        const tokens = Math.min(bucket.limit.burst, Number(row.tokens) + Math.max(0, Number(row.elapsed_ms)) * rate);
        refilled.push({ key: bucket.key, tokens, rate });
      }
      // A paused bucket gives nothing until its pause ends.
      const taken = pausedMs > 0 ? 0 : Math.max(0, Math.min(max, ...refilled.map((b) => Math.floor(b.tokens))));
      let waitMs = pausedMs;
      let reason = pausedReason;
      if (taken < max) {
        // How long until every bucket holds one more after this take.
        for (const { key, tokens, rate } of refilled) {
          const left = tokens - taken;
          if (left >= 1) continue;
          const wait = Math.ceil((1 - left) / rate);
          if (wait > waitMs) {
            waitMs = wait;
            reason = key.startsWith("client:")
              ? "the partner's request budget for this client id is in use"
              : "this company's request budget is in use";
          }
        }
      }
      if (taken > 0) {
        await tx.execute(sql`
          UPDATE readmodel_budgets AS b SET tokens = v.tokens, refilled_at = clock_timestamp(), paused_until = NULL, paused_by_429 = false
          FROM (VALUES ${sql.join(
            refilled.map(({ key, tokens }) => sql`(${key}, ${tokens - taken}::float8)`),
            sql`, `,
          )}) AS v(key, tokens) WHERE b.key = v.key`);
      }
      return { taken, waitMs, reason };
    });
  };

  return {
    takeUpTo,

    async take(buckets) {
      const { taken, waitMs, reason } = await takeUpTo(buckets, 1);
      return taken === 1 ? { ok: true } : { ok: false, waitMs, reason };
    },

    async pause(keys, retryAfterSeconds) {
      const seconds = Math.max(1, Math.min(3600, Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 60));
      for (const key of keys) {
        await db.execute(sql`
          INSERT INTO readmodel_budgets (key, tokens, refilled_at, paused_until, paused_by_429)
          VALUES (${key}, 0, clock_timestamp(), clock_timestamp() + make_interval(secs => ${seconds}), true)
          ON CONFLICT (key) DO UPDATE SET tokens = 0, refilled_at = clock_timestamp(),
            paused_until = greatest(coalesce(readmodel_budgets.paused_until, clock_timestamp()), clock_timestamp() + make_interval(secs => ${seconds})),
            paused_by_429 = true`);
      }
    },
  };
}

/** Thrown when the sync would wait longer than it may: the company is behind, retried at `retryAt`. */
export class BehindError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAt: Date,
  ) {
    super(`behind: ${reason}`);
    this.name = "BehindError";
  }
}

/**
 * Waits for one request of these buckets, for at most `maxWaitMs` in all; past that throws
 * BehindError with the time the budget is expected back.
 */
export async function acquire(
  budget: RequestBudget,
  buckets: { key: string; limit: BucketLimit }[],
  options: { maxWaitMs: number; now?: () => number; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + options.maxWaitMs;
  for (;;) {
    const result = await budget.take(buckets);
    if (result.ok) return;
    if (now() + result.waitMs > deadline) throw new BehindError(result.reason, new Date(now() + result.waitMs));
    await sleep(result.waitMs);
  }
}
