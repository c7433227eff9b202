import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";

// Applies every `NNNN_name.sql` of a folder once, in name order, each in its own transaction, under
// an advisory lock so that several processes starting together on one PostgreSQL apply each once.
// Plain numbered files (not drizzle-kit's journal) let independent areas add their migrations
// (docs/decisions/runtime-numbered-sql-migrations.md). Each half of the product (API, console) has its
// own folder, bookkeeping table and lock key, so two histories sharing one database never mix.

/** What a migration step needs of a database or transaction: PGlite and node-postgres handles both fit. */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}
export interface MigratableDb {
  transaction<T>(run: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

export interface MigrationPlan {
  /** The folder of `NNNN_name.sql` files. */
  dir: string;
  /** The bookkeeping table: one row per applied file (`name`, `applied_at`). */
  table: string;
  /** The `pg_advisory_xact_lock` key every step holds. */
  lockKey: number;
  /** Runs after the migrations, in its own transaction under the same lock (e.g. triggers for new tables). */
  afterMigrations?: (tx: SqlExecutor) => Promise<void>;
}

export interface Migration {
  name: string;
  statements: string[];
}

export function listMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({
      name,
      statements: readFileSync(path.join(dir, name), "utf8")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** Applies the plan's pending migrations; returns the names applied by this call. */
export async function runMigrations(db: MigratableDb, plan: MigrationPlan): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(plan.table)) throw new Error(`invalid migrations table name: ${plan.table}`);
  if (!Number.isSafeInteger(plan.lockKey)) throw new Error(`invalid advisory lock key: ${plan.lockKey}`);
  const table = sql.raw(plan.table);
  const lock = sql`SELECT pg_advisory_xact_lock(${sql.raw(String(plan.lockKey))})`;
  const migrations = listMigrations(plan.dir);
  await db.transaction(async (tx) => {
    // Under the lock too: two processes creating the table at once collide on its row type.
    await tx.execute(lock);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS ${table} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied: string[] = [];
  for (const m of migrations) {
    await db.transaction(async (tx) => {
      await tx.execute(lock);
      if (rowsOf(await tx.execute(sql`SELECT 1 FROM ${table} WHERE name = ${m.name}`)).length > 0) return;
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO ${table} (name) VALUES (${m.name})`);
      applied.push(m.name);
    });
  }
  const after = plan.afterMigrations;
  if (after) {
    await db.transaction(async (tx) => {
      await tx.execute(lock);
      await after(tx);
    });
  }
  return applied;
}

/** Whether a query returned at least one row (for `afterMigrations` hooks). */
export async function hasRows(tx: SqlExecutor, query: SQL): Promise<boolean> {
  return rowsOf(await tx.execute(query)).length > 0;
}
