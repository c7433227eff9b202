import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { getConsoleConfig, type ConsoleDatabaseConfig } from "../config";
import { runConsoleMigrations } from "./migrate";
import * as schema from "./schema";

// The console's database: PGlite under `.data/console/db` by default, PostgreSQL with
// CONSOLE_DATABASE_URL (several console instances then share it). Same handle type for both.

export type ConsoleSchema = typeof schema;
export type ConsoleDb = PgDatabase<PgQueryResultHKT, ConsoleSchema>;
export type ConsoleTx = PgTransaction<PgQueryResultHKT, ConsoleSchema, ExtractTablesWithRelations<ConsoleSchema>>;

export interface ConsoleDatabase {
  db: ConsoleDb;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const CONSOLE_MIGRATIONS_DIR = path.join(process.cwd(), "lib/console/db/migrations");

/** Opens (creating if needed) and migrates a console database. `{kind: "pglite"}` without dataDir is in memory. */
export async function openConsoleDatabase(
  config: ConsoleDatabaseConfig | { kind: "pglite"; dataDir?: undefined },
): Promise<ConsoleDatabase> {
  if (config.kind === "pglite") {
    if (config.dataDir) mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true, mode: 0o700 });
    const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as ConsoleDb;
    await runConsoleMigrations(db, CONSOLE_MIGRATIONS_DIR);
    return { db, kind: "pglite", close: () => client.close() };
  }
  try {
    await ensurePostgresDatabase(config.url);
  } catch (error) {
    throw new Error(`CONSOLE_DATABASE_URL: cannot reach ${redactUrl(config.url)} (${(error as Error).message})`);
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  pool.on("error", () => {
    /* idle client errors (server restart) are retried by the pool on next use */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as ConsoleDb;
  await runConsoleMigrations(db, CONSOLE_MIGRATIONS_DIR);
  return { db, kind: "postgres", close: () => pool.end() };
}

/** Masks the password of a database URL for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid URL)";
  }
}

/** CREATE DATABASE when the one named by the URL does not exist yet (local installs, CI). */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!name) throw new Error("the URL must name a database");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } catch (error) {
        // Another instance created it between the check and the create: 42P04, or 23505 when both
        // CREATE DATABASE statements ran at the same moment.
        const code = (error as { code?: string }).code;
        if (code !== "42P04" && code !== "23505") throw error;
      }
    }
  } finally {
    await client.end();
  }
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
    sql`TRUNCATE console_connections, console_sessions, console_operators, partner_grants, partner_consent_links, console_audit_log`,
  );
}
