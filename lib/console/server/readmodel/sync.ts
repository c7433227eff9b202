import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { MAX_PAGE_SIZE, toEmploymentListItem, type Employment } from "@/lib/contract";
import type { ApiClient } from "../api-client";
import { ApiRequestError } from "../../api-errors";
import type { ConsoleDb } from "../db/client";
import { readmodelEmployments, readmodelSyncState } from "../db/schema";
import { getEmployment, listEmployments } from "../employments/api";
import { onboardingProgress } from "../../employments/onboarding";
import { getExpense, listExpenses } from "../expenses/api";
import { GRANT_REVOKED } from "../partner/grant-store";
import { listTimeoff } from "../timeoff/api";
import { BehindError } from "./budget";
import type { SyncClientFactory } from "./sync-client";
import {
  deleteEmployment,
  deleteEmploymentsNotIn,
  deletePendingItem,
  deletePendingNotIn,
  upsertEmployments,
  upsertPendingItems,
  whileConsented,
  type CompanyRef,
} from "./store";

// Reading companies into the read model. A full re-read pages through the company's employments,
// pending time off and pending expenses, upserting as it goes, then deletes what it did not see; an
// event's re-read reads the one object the event names. Freshness (readmodel_sync_state) says what
// happened: synced, behind (rate-limited: the reason and when it retries), or failing (the error).

export interface SyncDeps {
  db: ConsoleDb;
  /** The budgeted API client of a company (./sync-client.ts). */
  clientFor: SyncClientFactory;
  /** The interval between two full re-reads of a company (the next one is spread ±10% around it). */
  intervalMs: number;
  /** Employments whose onboarding progress is read from their show per full re-read (default 10). */
  onboardingReadsPerSync?: number;
  now?: () => Date;
  random?: () => number;
}

export type SyncOutcome = { kind: "synced"; employments: number } | { kind: "revoked" };

/** Employment statuses whose onboarding progress the list shows (read from the show). */
const ONBOARDING_STATUSES = [
  "created",
  "initiated",
  "invited",
  "pending",
  "review",
  "job_title_review",
  "pending_post_self_enrollment_actions",
];

const s = readmodelSyncState;

type StateValues = Partial<typeof s.$inferInsert>;

/**
 * Writes a company's freshness, only while its consent lasts (a revoked company keeps no row).
 * `update` overrides `values` for an existing row (expressions over the row's own columns).
 */
async function setState(db: ConsoleDb, ref: CompanyRef, values: StateValues, at: Date, update: Record<string, unknown> = {}) {
  await whileConsented(db, ref, async (tx) => {
    await tx
      .insert(s)
      .values({ environment: ref.environment, companyId: ref.company.id, updatedAt: at, ...values })
      .onConflictDoUpdate({ target: [s.environment, s.companyId], set: { ...values, ...update, updatedAt: at } });
  });
}

const isRevoked = (error: unknown) =>
  error instanceof ApiRequestError && (error.payload.body as { code?: unknown } | undefined)?.code === GRANT_REVOKED;

/** A 429 that reached the sync (the budget was paused by the client already): behind until Retry-After. */
function behindOf(error: unknown, now: Date): BehindError | null {
  if (error instanceof BehindError) return error;
  if (error instanceof ApiRequestError && error.status === 429) {
    const seconds = error.payload.retryAfter ?? 60;
    return new BehindError("rate limited by the API (429)", new Date(now.getTime() + seconds * 1000));
  }
  return null;
}

/** Records how a re-read ended; rethrows what the job runner must retry. */
async function recordFailure(deps: SyncDeps, ref: CompanyRef, error: unknown): Promise<SyncOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  if (isRevoked(error)) return { kind: "revoked" };
  const behind = behindOf(error, now);
  if (behind) {
    await setState(deps.db, ref, { syncingSince: null, behindReason: behind.reason, retryAt: behind.retryAt }, now);
    throw behind;
  }
  const message = error instanceof ApiRequestError ? `${error.status}: ${error.message}` : (error as Error).message;
  await setState(
    deps.db,
    ref,
    {
      syncingSince: null,
      failingError: message.slice(0, 500),
      failingSince: now,
      consecutiveFailures: 1,
      behindReason: null,
      retryAt: null,
    },
    now,
    // An existing row keeps the time it started failing and counts the failures.
    {
      failingSince: sql`coalesce(${s.failingSince}, ${now.toISOString()}::timestamptz)`,
      consecutiveFailures: sql`${s.consecutiveFailures} + 1`,
    },
  );
  throw error;
}

/** Every page of a list, one request at a time (the budget paces them). */
async function readAll<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; totalPages: number }>,
  onPage: (items: T[]) => Promise<boolean>,
) {
  for (let page = 1; ; page++) {
    const { items, totalPages } = await fetchPage(page);
    if (!(await onPage(items))) return false;
    if (page >= totalPages) return true;
  }
}

/** A full re-read of one company: employments, pending time off and expenses; what is gone is deleted. */
export async function syncCompany(deps: SyncDeps, ref: CompanyRef): Promise<SyncOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const run = randomUUID();
  let employments = 0;
  try {
    await setState(deps.db, ref, { syncingSince: startedAt }, startedAt);
    const api = await deps.clientFor(ref);
    const consented = await readAll(
      async (page) => {
        const r = await listEmployments(api, { page, page_size: MAX_PAGE_SIZE });
        return { items: r.employments, totalPages: r.total_pages };
      },
      async (items) => {
        employments += items.length;
        return whileConsented(deps.db, ref, (tx) =>
          upsertEmployments(
            tx,
            ref,
            items.map((item) => ({ item })),
            run,
            now(),
          ),
        );
      },
    );
    if (!consented) return { kind: "revoked" };

    const timeoff = await readAll(
      async (page) => {
        const r = await listTimeoff(api, { page, page_size: MAX_PAGE_SIZE, status: "requested" });
        return { items: r.timeoffs, totalPages: r.total_pages };
      },
      (items) => whileConsented(deps.db, ref, (tx) => upsertPendingItems(tx, ref, "time_off", items, run, now())),
    );
    if (!timeoff) return { kind: "revoked" };
    const expenses = await readAll(
      async (page) => {
        const r = await listExpenses(api, { page, page_size: MAX_PAGE_SIZE, status: "pending" });
        return { items: r.expenses, totalPages: r.total_pages };
      },
      (items) => whileConsented(deps.db, ref, (tx) => upsertPendingItems(tx, ref, "expense", items, run, now())),
    );
    if (!expenses) return { kind: "revoked" };

    await readOnboarding(deps, api, ref, run);

    const finishedAt = now();
    const jitter = 0.9 + 0.2 * (deps.random ?? Math.random)();
    const done = await whileConsented(deps.db, ref, async (tx) => {
      await deleteEmploymentsNotIn(tx, ref, run, startedAt);
      await deletePendingNotIn(tx, ref, "time_off", run, startedAt);
      await deletePendingNotIn(tx, ref, "expense", run, startedAt);
      const values = {
        lastSyncedAt: finishedAt,
        syncingSince: null,
        behindReason: null,
        retryAt: null,
        failingError: null,
        failingSince: null,
        consecutiveFailures: 0,
        employmentsCount: employments,
        nextDueAt: new Date(finishedAt.getTime() + deps.intervalMs * jitter),
        updatedAt: finishedAt,
      };
      await tx
        .insert(s)
        .values({ environment: ref.environment, companyId: ref.company.id, ...values })
        .onConflictDoUpdate({ target: [s.environment, s.companyId], set: values });
    });
    return done ? { kind: "synced", employments } : { kind: "revoked" };
  } catch (error) {
    return recordFailure(deps, ref, error);
  }
}

/**
 * Onboarding progress of employments still onboarding whose progress is not known (never read, or
 * reset because their status or lifecycle stage changed: store.ts), at most `onboardingReadsPerSync`
 * per run: one show each (the list carries no onboarding tasks), a few at a time, all written in one
 * transaction. Employments past onboarding cost no call.
 */
async function readOnboarding(deps: SyncDeps, api: ApiClient, ref: CompanyRef, run: string) {
  const e = readmodelEmployments;
  const missing = await deps.db
    .select({ id: e.employmentId })
    .from(e)
    .where(
      and(
        eq(e.environment, ref.environment),
        eq(e.companyId, ref.company.id),
        eq(e.syncRun, run),
        inArray(e.status, ONBOARDING_STATUSES),
        isNull(e.onboardingCompleted),
      ),
    )
    .orderBy(asc(e.employmentId))
    .limit(deps.onboardingReadsPerSync ?? 10);
  const read: { id: string; employment: Employment | null }[] = [];
  const queue = missing.map((m) => m.id);
  const reader = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        read.push({ id, employment: await getEmployment(api, id) });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) read.push({ id, employment: null });
        else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ONBOARDING_READS_AT_ONCE, queue.length) }, reader));
  if (read.length === 0) return;
  const at = (deps.now ?? (() => new Date()))();
  await whileConsented(deps.db, ref, async (tx) => {
    for (const gone of read.filter((r) => !r.employment)) await deleteEmployment(tx, ref, gone.id);
    await upsertEmployments(
      tx,
      ref,
      read.flatMap(({ employment }) => {
        if (!employment) return [];
        const progress = onboardingProgress(employment);
        return [{ item: toEmploymentListItem(employment), onboarding: { completed: progress.completed, total: progress.total } }];
      }),
      run,
      at,
    );
  });
}

/** Shows read at once for onboarding progress (the budget paces them anyway). */
const ONBOARDING_READS_AT_ONCE = 4;

/** Re-reads one employment (a webhook named it, or a write changed it): its row, with onboarding progress. */
export async function rereadEmployment(
  deps: SyncDeps,
  ref: CompanyRef,
  employmentId: string,
  client?: ApiClient,
  run?: string,
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const api = client ?? (await deps.clientFor(ref));
  let employment: Employment | null;
  try {
    employment = await getEmployment(api, employmentId);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) employment = null;
    else throw error;
  }
  await whileConsented(deps.db, ref, async (tx) => {
    if (!employment) return deleteEmployment(tx, ref, employmentId);
    await applyEmployment(tx, ref, employment, run ?? `event:${randomUUID()}`, now());
  });
}

/** Takes an employment as the API answered it (a show, or the answer to a write) into the read model. */
async function applyEmployment(
  tx: Parameters<Parameters<typeof whileConsented>[2]>[0],
  ref: CompanyRef,
  employment: Employment,
  run: string,
  at: Date,
) {
  const progress = onboardingProgress(employment);
  await upsertEmployments(
    tx,
    ref,
    [{ item: toEmploymentListItem(employment), onboarding: { completed: progress.completed, total: progress.total } }],
    run,
    at,
  );
}

/** After a write, the read model takes the API's answer at once (no wait for the webhook or the next sync). */
export async function applyEmploymentAnswer(db: ConsoleDb, ref: CompanyRef, employment: Employment, at = new Date()): Promise<boolean> {
  return whileConsented(db, ref, (tx) => applyEmployment(tx, ref, employment, `write:${randomUUID()}`, at));
}

/** Re-reads one expense: kept while pending, removed otherwise (or when gone). */
export async function rereadExpense(deps: SyncDeps, ref: CompanyRef, expenseId: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const api = await deps.clientFor(ref);
  let expense: Awaited<ReturnType<typeof getExpense>> | null;
  try {
    expense = await getExpense(api, expenseId);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) expense = null;
    else throw error;
  }
  await whileConsented(deps.db, ref, async (tx) => {
    if (!expense || expense.status !== "pending") return deletePendingItem(tx, ref, "expense", expenseId);
    await upsertPendingItems(tx, ref, "expense", [expense], `event:${randomUUID()}`, now());
  });
}

/** Runs a re-read and records its failure in the company's freshness (then rethrows for the job runner). */
export async function rereadWithState(deps: SyncDeps, ref: CompanyRef, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (error) {
    await recordFailure(deps, ref, error);
  }
}
