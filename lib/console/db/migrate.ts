import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ConsoleDb } from "./client";

// Applies every `NNNN_name.sql` of the console's migrations folder once, in name order, each in its
// own transaction under an advisory lock (several console instances may start together on one
// PostgreSQL). Same approach as the API's (docs/decisions/runtime-numbered-sql-migrations.md), with its own bookkeeping table and
// lock key, so a console database that happens to share a PostgreSQL database with the API never
// confuses the two migration histories.

const LOCK_KEY = 7420194;

export function listConsoleMigrations(dir: string): { name: string; statements: string[] }[] {
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

export async function runConsoleMigrations(db: ConsoleDb, dir: string): Promise<string[]> {
  const migrations = listConsoleMigrations(dir);
  // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can both miss the table and the
  // second then fails on PostgreSQL's catalog (duplicate pg_type entry).
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS console_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  const applied: string[] = [];
  for (const m of migrations) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const done = await tx.execute(sql`SELECT 1 FROM console_migrations WHERE name = ${m.name}`);
      if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO console_migrations (name) VALUES (${m.name})`);
      applied.push(m.name);
    });
  }
  return applied;
}
