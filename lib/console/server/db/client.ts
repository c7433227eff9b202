import "server-only";
import path from "node:path";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { openDatabase, type MigrationPlan } from "@/lib/db-kit";
import { getConsoleConfig, type ConsoleDatabaseConfig } from "../config";
import { watchLocalChanges } from "./local-changes";
import * as schema from "./schema";

// The console's database: PGlite under `.data/console/db` by default, PostgreSQL with
// CONSOLE_DATABASE_URL (several console instances then share it). Same handle type for both. Opened
// by the shared kit (lib/db-kit) with the console's own schema, migrations folder, bookkeeping table
// `console_migrations` and advisory lock 7420194, so a console database that happens to share a
// PostgreSQL database with the API never confuses the two migration histories.

export type ConsoleSchema = typeof schema;
export type ConsoleDb = PgDatabase<PgQueryResultHKT, ConsoleSchema>;
export type ConsoleTx = PgTransaction<PgQueryResultHKT, ConsoleSchema, ExtractTablesWithRelations<ConsoleSchema>>;

export interface ConsoleDatabase {
  db: ConsoleDb;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const CONSOLE_MIGRATIONS_DIR = path.join(process.cwd(), "lib/console/server/db/migrations");

export const CONSOLE_MIGRATIONS: MigrationPlan = { dir: CONSOLE_MIGRATIONS_DIR, table: "console_migrations", lockKey: 7420194 };

/** Opens (creating if needed) and migrates a console database. `{kind: "pglite"}` without dataDir is in memory. */
export async function openConsoleDatabase(
  config: ConsoleDatabaseConfig | { kind: "pglite"; dataDir?: undefined },
): Promise<ConsoleDatabase> {
  const database = await openDatabase(config, {
    schema,
    migrations: CONSOLE_MIGRATIONS,
    dataDirMode: 0o700,
    urlSetting: "CONSOLE_DATABASE_URL",
  });
  // PGlite: this process sees every write, so kept copies are checked in memory (./local-changes.ts).
  try {
    await watchLocalChanges(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

const DB_KEY = Symbol.for("roster.console.db");

/**
 * The console database of this process, opened once and shared through globalThis: Next.js loads
 * route handlers and server components in separate bundles, and a PGlite directory must have only one
 * opener.
 */
export function getConsoleDatabase(): Promise<ConsoleDatabase> {
  const g = globalThis as unknown as Record<symbol, Promise<ConsoleDatabase> | undefined>;
  const existing = g[DB_KEY];
  if (existing) return existing;
  const opening = openConsoleDatabase(getConsoleConfig().database);
  g[DB_KEY] = opening;
  // A failed open may be retried by a later request (e.g. PostgreSQL was still starting).
  opening.catch(() => {
    if (g[DB_KEY] === opening) g[DB_KEY] = undefined;
  });
  return opening;
}

/** Empties the console tables (tests sharing one database). */
export async function truncateConsoleTables(db: ConsoleDb): Promise<void> {
  await db.execute(
    sql`TRUNCATE console_connections, console_sessions, console_operators, partner_grants, partner_consent_links, console_audit_log, readmodel_employments, readmodel_pending_items, readmodel_sync_state, readmodel_callbacks, readmodel_callbacks_retired, readmodel_webhook_events, readmodel_budgets, console_saved_views`,
  );
}
