import "server-only";
import type PgBoss from "pg-boss";

// Kept apart from ./job-queue.ts (which loads pg-boss): ./jobs.ts imports this module, and a console
// with the read model off never loads pg-boss.

/** The PostgreSQL schema pg-boss keeps its tables in (never the console's `public` tables). */
export const JOB_SCHEMA = "console_jobs";

export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

// Workers of the console's `stately` queues (one queued and one running job per key). pg-boss 10's own
// `work` fetches the oldest jobs and promotes them to active in one UPDATE; when the oldest belongs to
// a key that already has a running job (a company queued again while its re-read runs, or its retry
// due while a newer job of it runs), that UPDATE breaks the queue's unique index, pg-boss's `fetch`
// swallows the error and returns nothing, and every worker of the queue fetches nothing for every key
// until that running job ends (pg-boss issue #535; 11.x skips such keys, but needs Node 22). The
// fetch here skips a key with a running job instead, so one long re-read holds back only its own
// company (docs/decisions/console-sync-jobs.md, Follow-up).

/**
 * pg-boss 10.4's next-job fetch (one job), leaving out keys that already have a job running.
 *
 * The running jobs' keys are read once per fetch, by an uncorrelated sub-select (an InitPlan: the
 * `stately` unique index `job_i3` on (name, state, key), a handful of rows), and every queued job is
 * compared with that list. A correlated `NOT EXISTS` (the first version) was planned as a nested
 * loop that scanned the queue's whole table once per queued job (PGlite keeps no statistics for
 * pg-boss's tables: one row estimated): with 1,000 companies queued, ~1 s per fetch, ~4 s with as
 * many finished jobs, on the console's one PGlite connection (docs/decisions/console-sync-jobs.md,
 * "Follow-up: the fetch that scanned the queue once per queued job").
 */
export const fetchUnblockedSql = (schema: string) => `
  WITH next AS (
    SELECT j.id FROM ${schema}.job j
    WHERE j.name = $1 AND j.state < 'active' AND j.start_after < now()
      AND COALESCE(j.singleton_key, '') <> ALL (ARRAY(
        SELECT COALESCE(a.singleton_key, '') FROM ${schema}.job a
        WHERE a.name = $1 AND a.state = 'active' AND a.policy = 'stately'))
    ORDER BY j.priority DESC, j.created_on, j.id
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE ${schema}.job j SET
    state = 'active',
    started_on = now(),
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
  FROM next
  WHERE j.name = $1 AND j.id = next.id
  RETURNING j.id, j.name, j.data, EXTRACT(epoch FROM j.expire_in) AS "expireInSeconds"`;

/** As pg-boss's worker: a job that runs past its expiry fails (and is retried), and the worker goes on. */
async function withinSeconds<T>(promise: Promise<T>, seconds: number): Promise<T> {
  if (!(seconds > 0)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`handler execution exceeded ${seconds * 1000}ms`)), seconds * 1000);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export interface QueueWorker {
  readonly queue: string;
  /** No new job; the running one is given `timeoutMs`, then failed (retried later, as pg-boss does at its stop). */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * One worker of a `stately` queue of the console's pg-boss (started by `startJobQueue`): polls every
 * `pollingIntervalSeconds` (at once again after a job), runs one job at a time, completes it or fails
 * it (pg-boss retries it by the queue's policy). Instead of `boss.work`: see above.
 */
export function workStatelyQueue<T extends object>(
  boss: PgBoss,
  name: string,
  options: { pollingIntervalSeconds: number; onError?: (error: Error) => void },
  handler: (job: PgBoss.Job<T>) => Promise<unknown>,
): QueueWorker {
  const db = boss.getDb() as BossDb;
  const fetchSql = fetchUnblockedSql(JOB_SCHEMA);
  let stopping = false;
  let running: string | null = null;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => resolve(), ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));

  const loop = (async () => {
    while (!stopping) {
      const started = performance.now();
      let job: PgBoss.Job<T> | undefined;
      try {
        // Two workers taking a company's two jobs at the same instant (PostgreSQL): the second breaks
        // the unique index and takes nothing this round, as pg-boss's own fetch.
        const { rows } = await db.executeSql(fetchSql, [name]).catch((error: Error) => {
          if ((error as { code?: string }).code === "23505") return { rows: [] };
          throw error;
        });
        job = rows[0] as PgBoss.Job<T> | undefined;
        if (job) {
          running = job.id;
          let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
          try {
            outcome = { ok: true, value: await withinSeconds(handler(job), Number(job.expireInSeconds)) };
          } catch (error) {
            outcome = { ok: false, error };
          }
          if (outcome.ok) await boss.complete(name, job.id, (outcome.value ?? undefined) as object | undefined);
          else await boss.fail(name, job.id, outcome.error as object);
        }
      } catch (error) {
        options.onError?.(error as Error);
      } finally {
        running = null;
      }
      const wait = options.pollingIntervalSeconds * 1000 - (performance.now() - started);
      if (!stopping && !job && wait > 0) await pause(wait);
    }
  })();

  return {
    queue: name,
    async stop(timeoutMs = 5000) {
      stopping = true;
      (wake as (() => void) | null)?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      const left = running;
      if (left) await boss.fail(name, left, { message: "the console's worker stopped while it ran" }).catch(() => undefined);
    },
  };
}
