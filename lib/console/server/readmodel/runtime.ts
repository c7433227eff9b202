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
import { createSyncClientFactory } from "./sync-client";
import type { SyncDeps } from "./sync";
import { createReadModelAnalyzer } from "./store";
import { ensureCompanyCallback } from "./webhooks";

// The read model in a console process: the job queue, this process's workers, the scheduler, and
// the callback registration before a company's re-read. Off by default (CONSOLE_READMODEL_SYNC=on
// starts it; docs/decisions/console-sync-jobs.md says why); the webhook receiver and the partner
// hooks find it through `getReadModelRuntime()` and do nothing when it is not running.

export interface ReadModelRuntime {
  boss: PgBoss;
  deps: SyncDeps;
  enqueueSync(job: SyncJobData): Promise<unknown>;
  enqueueEvent(job: EventJobData): Promise<unknown>;
  stop(): Promise<void>;
}

export interface ReadModelOptions {
  database: ConsoleDatabase;
  auth: AuthDeps;
  intervalMs: number;
  /** Run workers and the scheduler in this process (false: enqueue only, workers elsewhere). Default true. */
  work?: boolean;
  limits?: BudgetLimits;
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
    clientFor: createSyncClientFactory(options.auth, { budget, limits: options.limits }),
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
  if (options.work ?? true) {
    const callbackDeps = { db: options.database.db, cipher: options.auth.cipher, consoleUrl: options.auth.config.consoleUrl };
    await startReadModelWorkers(boss, deps, {
      logger: options.logger,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      syncConcurrency: options.syncConcurrency,
      eventConcurrency: options.eventConcurrency,
      beforeSync: async (ref) => {
        await ensureCompanyCallback(callbackDeps, await deps.clientFor(ref), ref);
      },
    });
    stopScheduler = startReadModelScheduler(options.database.db, boss, {
      intervalMs: options.intervalMs,
      tickMs: options.schedulerTickMs,
      batch: options.schedulerBatch,
      logger: options.logger,
    });
  }
  return {
    boss,
    deps,
    enqueueSync: (job) => enqueueCompanySync(boss, job),
    enqueueEvent: (job) => enqueueEventReread(boss, job),
    async stop() {
      stopScheduler();
      stopAnalyze();
      await stopJobQueue(boss);
    },
  };
}

const RUNTIME_KEY = Symbol.for("roster.console.readmodel");
type Holder = Record<symbol, Promise<ReadModelRuntime> | undefined>;

/** The read model of this process, or null when it is not running (CONSOLE_READMODEL_SYNC=off). */
export function getReadModelRuntime(): Promise<ReadModelRuntime> | null {
  return (globalThis as unknown as Holder)[RUNTIME_KEY] ?? null;
}

/** Starts the read model in this process when CONSOLE_READMODEL_SYNC=on (console start-up). */
export async function startReadModelIfEnabled(): Promise<ReadModelRuntime | null> {
  const env = getServerEnv();
  if (env.CONSOLE_READMODEL_SYNC !== "on") return null;
  const g = globalThis as unknown as Holder;
  g[RUNTIME_KEY] ??= (async () =>
    startReadModel({
      database: await getConsoleDatabase(),
      auth: await getAuthDeps(),
      intervalMs: env.CONSOLE_READMODEL_INTERVAL_MINUTES * 60_000,
      logger: createLogger({ name: "console-readmodel", level: env.LOG_LEVEL }),
    }))();
  return g[RUNTIME_KEY];
}
