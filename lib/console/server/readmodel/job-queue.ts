import "server-only";
import type pg from "pg";
import PgBoss from "pg-boss";
import { plainPGliteOf } from "@/lib/db-kit";
import type { ConsoleDatabase } from "../db/client";
import { JOB_SCHEMA, type BossDb } from "./queue-worker";

// The console's job queue: pg-boss over the console's own database, on both kinds the console runs
// on (docs/decisions/console-sync-jobs.md). pg-boss takes a `db` with one method, `executeSql`; this
// adapter hands it the connection the console already has (no second pool, no second PGlite):
// PostgreSQL's pool as it is, PGlite's single connection through `query` (with parameters) or `exec`
// (pg-boss's parameterless multi-statement commands: its migrations and its locked maintenance
// blocks, which begin and commit their own transaction). On PGlite that connection is taken with
// PGlite's own parsing (timestamps as Date, as pg-boss expects): `db.$client` is drizzle's client,
// which reads them as text (lib/db-kit/pglite-for-drizzle.ts).

export { JOB_SCHEMA };

/** pg-boss's database adapter over the console database's own connection. */
export function bossDbOf(database: ConsoleDatabase): BossDb {
  if (database.kind === "postgres") {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows as unknown[] }) };
  }
  const lite = plainPGliteOf(database.db);
  if (!lite) throw new Error("bossDbOf: a PGlite console database must be opened by openDatabase (lib/db-kit)");
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await lite.query(text, values as unknown[])).rows };
      try {
        const results = await lite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A failed `BEGIN; …; COMMIT;` block leaves its transaction open on the one connection every
        // other query of the process shares: end it (a ROLLBACK outside a transaction only warns).
        await lite.exec("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
  };
}

export interface JobQueueOptions {
  /** Archive and delete finished jobs, expire stuck ones (one instance at a time, by pg-boss's own lock). Default true. */
  supervise?: boolean;
  /** Seconds between maintenance runs (default 120: little work, little idle wake-up). */
  maintenanceIntervalSeconds?: number;
}

/** Starts pg-boss on the console database (creating or migrating its schema under pg-boss's advisory lock). */
export async function startJobQueue(database: ConsoleDatabase, options: JobQueueOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDbOf(database) as PgBoss.Db,
    schema: JOB_SCHEMA,
    supervise: options.supervise ?? true,
    // No cron here: the sync scheduler spreads its own enqueues (./scheduler.ts).
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    // Finished jobs are kept a day for inspection, then archived and dropped.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  await boss.start();
  return boss;
}

/** Stops the queue without waiting for pg-boss's graceful timeout (30 s by default). */
export async function stopJobQueue(boss: PgBoss, timeoutMs = 5000): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
}
