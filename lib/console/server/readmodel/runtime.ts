import "server-only";
import type PgBoss from "pg-boss";
import { createLogger, type Logger } from "@/lib/logger";
import { getServerEnv } from "@/lib/env";
import { getAuthDeps, type AuthDeps } from "../auth/deps";
import type { ConsoleDatabase } from "../db/client";
import { getConsoleDatabase } from "../db/client";
import { createRequestBudget, type BudgetLimits } from "./budget";
import {
  createReadModelQueues,
  enqueueCompanySync,
  enqueueEventReread,
  startReadModelScheduler,
  startReadModelWorkers,
  type EventJobData,
  type SyncJobData,
} from "./jobs";
import type { QueueWorker } from "./queue-worker";
import { createSyncClientFactory } from "./sync-client";
import type { SyncDeps } from "./sync";
import { anySourceExists } from "./sources";
import { createReadModelAnalyzer } from "./store";
import { prepareCompanyCallbacks } from "./webhooks";

// The read model in a console process: the job queue, this process's workers, the scheduler, and
// the callback registration before a company's re-read. On by default (CONSOLE_READMODEL_SYNC=off opts
// out), started lazily with the first source (docs/decisions/console-sync-jobs.md); the webhook
// receiver and the hooks find it through `ensureReadModel()`.

export interface ReadModelRuntime {
  boss: PgBoss;
  deps: SyncDeps;
  enqueueSync(job: SyncJobData): Promise<unknown>;
  enqueueEvent(job: EventJobData): Promise<unknown>;
  /** Stops this process's workers (of one queue, or all; the running jobs are given a few seconds); the queue stays up. */
  stopWorkers(queue?: string): Promise<void>;
  stop(): Promise<void>;
}

export interface ReadModelOptions {
  database: ConsoleDatabase;
  auth: AuthDeps;
  intervalMs: number;
  /** Run workers and the scheduler in this process (false: enqueue only, workers elsewhere). Default true. */
  work?: boolean;
  limits?: BudgetLimits;
  /** How long a sync waits for the request budget before it reports "behind" (default of ./sync-client.ts, 5 s). */
  maxBudgetWaitMs?: number;
  schedulerTickMs?: number;
  /** Companies the scheduler queues per tick (default 50). */
  schedulerBatch?: number;
  /** Full re-reads / event re-reads running at once in this process (defaults of ./jobs.ts). */
  syncConcurrency?: number;
  eventConcurrency?: number;
  pollingIntervalSeconds?: number;
  /** PGlite only: how often the read model's size is checked to refresh its statistics after a large change (default 10 s). */
  analyzeIntervalMs?: number;
  logger?: Logger;
}

export async function startReadModel(options: ReadModelOptions): Promise<ReadModelRuntime> {
  // Loaded here, not at import: a console with the read model off never loads pg-boss (idle memory).
  const { startJobQueue, stopJobQueue } = await import("./job-queue");
  const boss = await startJobQueue(options.database);
  boss.on("error", (error: Error) =>
    options.logger?.warn({ event: "readmodel.queue_error", reason: error.message }, "read model queue error"),
  );
  await createReadModelQueues(boss);
  const budget = createRequestBudget(options.database.db);
  const deps: SyncDeps = {
    db: options.database.db,
    clientFor: createSyncClientFactory(options.auth, { budget, limits: options.limits, maxBudgetWaitMs: options.maxBudgetWaitMs }),
    intervalMs: options.intervalMs,
  };
  let stopScheduler = () => {};
  // PGlite runs no autovacuum: the read model's statistics are refreshed here after large changes (store.ts).
  let stopAnalyze = () => {};
  if (options.database.kind === "pglite") {
    const analyzer = createReadModelAnalyzer(options.database.db);
    const timer = setInterval(
      () =>
        void analyzer
          .maybeAnalyze()
          .catch((error: unknown) =>
            options.logger?.warn({ event: "readmodel.analyze_failed", reason: (error as Error).message }, "read model ANALYZE failed"),
          ),
      options.analyzeIntervalMs ?? 10_000,
    );
    timer.unref();
    stopAnalyze = () => clearInterval(timer);
  }
  let workers: QueueWorker[] = [];
  if (options.work ?? true) {
    const callbackDeps = { db: options.database.db, cipher: options.auth.cipher, consoleUrl: options.auth.config.consoleUrl };
    workers = startReadModelWorkers(boss, deps, {
      logger: options.logger,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      syncConcurrency: options.syncConcurrency,
      eventConcurrency: options.eventConcurrency,
      beforeSync: async (ref) => {
        await prepareCompanyCallbacks(callbackDeps, await deps.clientFor(ref), ref);
      },
    });
    stopScheduler = startReadModelScheduler(options.database.db, boss, {
      intervalMs: options.intervalMs,
      tickMs: options.schedulerTickMs,
      batch: options.schedulerBatch,
      logger: options.logger,
    });
  }
  const stopWorkers = async (queue?: string) => {
    const stopping = workers.filter((worker) => !queue || worker.queue === queue);
    workers = workers.filter((worker) => !stopping.includes(worker));
    await Promise.all(stopping.map((worker) => worker.stop()));
  };
  return {
    boss,
    deps,
    enqueueSync: (job) => enqueueCompanySync(boss, job),
    enqueueEvent: (job) => enqueueEventReread(boss, job),
    stopWorkers,
    async stop() {
      stopScheduler();
      stopAnalyze();
      await stopWorkers();
      await stopJobQueue(boss);
    },
  };
}

const RUNTIME_KEY = Symbol.for("roster.console.readmodel");
const ARMED_KEY = Symbol.for("roster.console.readmodel.armed");
type Holder = Record<symbol, Promise<ReadModelRuntime> | undefined> & { [ARMED_KEY]?: boolean };

/** The read model of this process, or null when it is not running (off, or no source yet). */
export function getReadModelRuntime(): Promise<ReadModelRuntime> | null {
  return (globalThis as unknown as Holder)[RUNTIME_KEY] ?? null;
}

/** The read model's settings (CONSOLE_READMODEL_SYNC, CONSOLE_READMODEL_WORKERS, the interval). */
export function readModelSettings(env = getServerEnv()): { enabled: boolean; work: boolean; intervalMs: number } {
  return {
    enabled: env.CONSOLE_READMODEL_SYNC !== "off",
    work: env.CONSOLE_READMODEL_WORKERS !== "elsewhere",
    intervalMs: env.CONSOLE_READMODEL_INTERVAL_MINUTES * 60_000,
  };
}

/**
 * The read model of this console process, started on first use: null when it is off, or when this
 * process is not a console server (start-up arms it: `startReadModelIfEnabled`; tests and scripts
 * that import the hooks never start a queue). A failed start is forgotten, so the next source retries.
 */
export function ensureReadModel(): Promise<ReadModelRuntime> | null {
  const g = globalThis as unknown as Holder;
  if (g[RUNTIME_KEY]) return g[RUNTIME_KEY];
  if (!g[ARMED_KEY]) return null;
  const settings = readModelSettings();
  if (!settings.enabled) return null;
  const env = getServerEnv();
  const starting = (async () =>
    startReadModel({
      database: await getConsoleDatabase(),
      auth: await getAuthDeps(),
      intervalMs: settings.intervalMs,
      work: settings.work,
      logger: createLogger({ name: "console-readmodel", level: env.LOG_LEVEL }),
    }))();
  g[RUNTIME_KEY] = starting;
  starting.then(
    () => {
      // Starting the queue (pg-boss creating or checking its schema) and the first re-reads leave
      // garbage an idle console may never collect (docs/decisions/runtime-idle-memory.md): one
      // collection once they have settled.
      setTimeout(() => void import("@/lib/runtime-memory").then((m) => m.collectStartupGarbage()), 10_000).unref();
    },
    () => {
      if (g[RUNTIME_KEY] === starting) g[RUNTIME_KEY] = undefined;
    },
  );
  return starting;
}

/**
 * Console start-up: arms the read model (on unless CONSOLE_READMODEL_SYNC=off) and starts it now
 * only when a company already has a source (a live partner grant, a signed-in admin). An idle console
 * loads no job library and polls nothing; the first partner connection or admin sign-in starts it
 * (./hooks.ts).
 */
export async function startReadModelIfEnabled(): Promise<ReadModelRuntime | null> {
  if (!readModelSettings().enabled) return null;
  (globalThis as unknown as Holder)[ARMED_KEY] = true;
  const database = await getConsoleDatabase();
  if (!(await anySourceExists(database.db))) return null;
  return ensureReadModel();
}
