import "server-only";
import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Environment } from "@/lib/contract";
import type { Logger } from "@/lib/logger";
import type { ConsoleDb } from "../db/client";
import { readmodelSyncState } from "../db/schema";
import { BehindError } from "./budget";
import type { CompanyRef } from "./store";
import { forgetCompaniesWithoutSource, forgetCompanyUnlessSourced, SOURCED_COMPANIES } from "./sources";
import { rereadEmployment, rereadExpense, rereadWithState, syncCompany, type SyncDeps } from "./sync";
import { workStatelyQueue, type QueueWorker } from "./queue-worker";

// The read model's jobs on pg-boss (docs/decisions/console-sync-jobs.md): one queue of full re-reads
// (at most one queued and one running per company: the `stately` policy keyed by company), one of
// event re-reads (one object each), and the scheduler that enqueues the companies whose next re-read
// is due, a batch per tick, so a thousand companies spread over the interval.

export const SYNC_QUEUE = "readmodel-sync";
export const EVENT_QUEUE = "readmodel-event";

export interface SyncJobData {
  environment: Environment;
  companyId: string;
  companyName: string;
  reason: "scheduled" | "connected" | "signed_in" | "event" | "retry";
}

export interface EventJobData {
  environment: Environment;
  companyId: string;
  companyName: string;
  /** What the event names: one employment, one expense, or (anything else) the whole company. */
  target: { kind: "employment"; id: string } | { kind: "expense"; id: string } | { kind: "company" };
}

const refOf = (data: { environment: Environment; companyId: string; companyName: string }): CompanyRef => ({
  environment: data.environment,
  company: { id: data.companyId, name: data.companyName },
});
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const companyKey = (environment: Environment, companyId: string) => `${environment}:${companyId}`;

export async function createReadModelQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(SYNC_QUEUE, {
    name: SYNC_QUEUE,
    policy: "stately",
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
  await boss.createQueue(EVENT_QUEUE, {
    name: EVENT_QUEUE,
    policy: "stately",
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });
}

/** Queues a full re-read of a company (a no-op when one is already queued). */
export function enqueueCompanySync(boss: PgBoss, data: SyncJobData, startAfter?: Date): Promise<string | null> {
  return boss.send(SYNC_QUEUE, data, { singletonKey: companyKey(data.environment, data.companyId), ...(startAfter ? { startAfter } : {}) });
}

/** Queues the re-read an event names (one queued per object: a burst of events reads it once). */
export function enqueueEventReread(boss: PgBoss, data: EventJobData, startAfter?: Date): Promise<string | null> {
  if (data.target.kind === "company") return enqueueCompanySync(boss, { ...data, reason: "event" }, startAfter);
  return boss.send(EVENT_QUEUE, data, {
    singletonKey: `${companyKey(data.environment, data.companyId)}:${data.target.kind}:${data.target.id}`,
    ...(startAfter ? { startAfter } : {}),
  });
}

export interface WorkerOptions {
  /** Full re-reads running at once in this process (default 2): the budget paces them anyway. */
  syncConcurrency?: number;
  eventConcurrency?: number;
  pollingIntervalSeconds?: number;
  logger?: Logger;
  /** Runs before each full re-read (registering the company's callback when it has none). */
  beforeSync?: (ref: CompanyRef) => Promise<void>;
}

/**
 * Starts this process's workers of both queues (./queue-worker.ts: a company with a re-read running
 * never holds back the others). Returns them, to stop.
 */
export function startReadModelWorkers(boss: PgBoss, deps: SyncDeps, options: WorkerOptions = {}): QueueWorker[] {
  const polling = options.pollingIntervalSeconds ?? 2;
  const workers: QueueWorker[] = [];
  const onError = (error: Error) =>
    options.logger?.warn({ event: "readmodel.queue_error", reason: error.message }, "read model queue error");
  const onBehind = async (data: SyncJobData, error: BehindError) => {
    // Not a failure: the company waits for budget; its re-read is queued again for when it is back.
    await enqueueCompanySync(boss, { ...data, reason: "retry" }, error.retryAt);
  };
  for (let i = 0; i < (options.syncConcurrency ?? 2); i++) {
    const worker = workStatelyQueue<SyncJobData>(boss, SYNC_QUEUE, { pollingIntervalSeconds: polling, onError }, async (job) => {
      try {
        if (options.beforeSync) {
          await options.beforeSync(refOf(job.data)).catch((error: unknown) =>
            options.logger?.warn(
              {
                event: "readmodel.callback_failed",
                environment: job.data.environment,
                companyId: job.data.companyId,
                reason: (error as Error).message,
              },
              "read model callback registration failed",
            ),
          );
        }
        const outcome = await syncCompany(deps, refOf(job.data));
        // Its source ended while it was queued or read: nothing of it stays unless another source covers it.
        if (outcome.kind === "revoked")
          await forgetCompanyUnlessSourced(deps.db, { environment: job.data.environment, companyId: job.data.companyId });
      } catch (error) {
        if (error instanceof BehindError) return onBehind(job.data, error);
        options.logger?.warn(
          {
            event: "readmodel.sync_failed",
            environment: job.data.environment,
            companyId: job.data.companyId,
            reason: (error as Error).message,
          },
          "read model sync failed",
        );
        throw error;
      }
    });
    workers.push(worker);
  }
  for (let i = 0; i < (options.eventConcurrency ?? 1); i++) {
    const worker = workStatelyQueue<EventJobData>(boss, EVENT_QUEUE, { pollingIntervalSeconds: polling, onError }, async (job) => {
      const ref = refOf(job.data);
      const target = job.data.target;
      try {
        await rereadWithState(deps, ref, () =>
          target.kind === "employment"
            ? rereadEmployment(deps, ref, target.id)
            : target.kind === "expense"
              ? rereadExpense(deps, ref, target.id)
              : syncCompany(deps, ref).then(() => undefined),
        );
      } catch (error) {
        if (error instanceof BehindError) {
          // The event's object is read again when the budget is back.
          await enqueueEventReread(boss, job.data, error.retryAt);
          return;
        }
        throw error;
      }
    });
    workers.push(worker);
  }
  return workers;
}

/**
 * Enqueues the companies (live grants) whose next full re-read is due and that are not waiting for a
 * Retry-After, at most `batch` of them, oldest due first; their next due time moves one interval on
 * (the sync sets it again when it completes). Returns how many were queued.
 */
export async function enqueueDueCompanies(
  db: ConsoleDb,
  boss: PgBoss,
  options: { intervalMs: number; batch?: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const s = readmodelSyncState;
  // Every company with a source (a live partner grant or a signed-in admin: ./sources.ts).
  const due = rowsOf<{ environment: Environment; company_id: string; company_name: string }>(
    await db.execute(sql`
      SELECT src.environment, src.company_id, src.company_name
      FROM ${SOURCED_COMPANIES} src
      LEFT JOIN readmodel_sync_state st ON st.environment = src.environment AND st.company_id = src.company_id
      WHERE (st.next_due_at IS NULL OR st.next_due_at <= ${now.toISOString()}::timestamptz)
        AND (st.retry_at IS NULL OR st.retry_at <= ${now.toISOString()}::timestamptz)
      ORDER BY st.next_due_at ASC NULLS FIRST, src.company_id ASC
      LIMIT ${options.batch ?? 50}`),
  );
  for (const company of due) {
    const next = new Date(now.getTime() + options.intervalMs);
    await db
      .insert(s)
      .values({ environment: company.environment, companyId: company.company_id, nextDueAt: next, updatedAt: now })
      .onConflictDoUpdate({ target: [s.environment, s.companyId], set: { nextDueAt: next, updatedAt: now } });
    await enqueueCompanySync(boss, {
      environment: company.environment,
      companyId: company.company_id,
      companyName: company.company_name,
      reason: "scheduled",
    });
  }
  return due.length;
}

/** Runs `enqueueDueCompanies` every `tickMs` (unref'd: it never keeps the process alive). Returns stop. */
export function startReadModelScheduler(
  db: ConsoleDb,
  boss: PgBoss,
  options: { intervalMs: number; tickMs?: number; batch?: number; logger?: Logger },
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Companies whose last source ended (a refused refresh token, a session past its end) go first.
      const forgotten = await forgetCompaniesWithoutSource(db);
      if (forgotten.length > 0)
        options.logger?.info(
          { event: "readmodel.forgotten", companies: forgotten.length },
          "read model rows of companies without a source deleted",
        );
      await enqueueDueCompanies(db, boss, { intervalMs: options.intervalMs, batch: options.batch });
    } catch (error) {
      options.logger?.warn({ event: "readmodel.schedule_failed", reason: (error as Error).message }, "read model scheduler tick failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? 30_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
