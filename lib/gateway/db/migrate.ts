import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

// Applies every `NNNN_name.sql` of a folder once, in name order, each in its own transaction, under
// an advisory lock so that several processes starting together on one PostgreSQL apply each once.
// Plain numbered files (not drizzle-kit's journal) let independent areas add their migrations.
// drizzle-kit can still generate the SQL: `npx drizzle-kit generate` then keep the .sql file.

export function listMigrations(dir: string): { name: string; statements: string[] }[] {
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

export async function runMigrations(db: Db, dir: string): Promise<string[]> {
  const migrations = listMigrations(dir);
  await db.transaction(async (tx) => {
    // Under the lock too: two processes creating the table at once collide on its row type.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7420193)`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS roster_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  const applied: string[] = [];
  for (const m of migrations) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(7420193)`);
      const done = await tx.execute(sql`SELECT 1 FROM roster_migrations WHERE name = ${m.name}`);
      if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO roster_migrations (name) VALUES (${m.name})`);
      applied.push(m.name);
    });
  }
  // Tables added by any migration get the cache-version triggers (0008_read_path.sql).
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7420193)`);
    const found = await tx.execute(sql`SELECT 1 FROM pg_proc WHERE proname = 'roster_attach_version_triggers'`);
    if ((found as unknown as { rows: unknown[] }).rows.length > 0) await tx.execute(sql`SELECT roster_attach_version_triggers()`);
  });
  return applied;
}
