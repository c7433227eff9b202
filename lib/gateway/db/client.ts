import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { runMigrations } from "./migrate";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The handle every query takes: PGlite and node-postgres databases share this interface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query can run on the database or inside a transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseConfig = { kind: "pglite"; dataDir?: string } | { kind: "postgres"; url: string; poolSize?: number };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "lib/gateway/db/migrations");

/** Opens a database (creating a PGlite directory's parent, or a PostgreSQL database, if absent) and migrates it. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === "pglite") {
    if (config.dataDir) mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true });
    const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await runMigrations(db, MIGRATIONS_DIR);
    return { db, kind: "pglite", close: () => client.close() };
  }
  await ensurePostgresDatabase(config.url);
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
  pool.on("error", () => {
    /* idle client errors (server restart) are retried by the pool on next use */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await runMigrations(db, MIGRATIONS_DIR);
  return { db, kind: "postgres", close: () => pool.end() };
}

/** CREATE DATABASE when the one named by the URL does not exist yet (local installs, CI). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!name) throw new Error(`DATABASE_URL must name a database: ${redactUrl(url)}`);
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
        // Another process created it between the check and the create.
        // 42P04: exists; 23505: a concurrent CREATE DATABASE won the race on pg_database's index.
        const code = (error as { code?: string }).code;
        if (code !== "42P04" && code !== "23505") throw error;
      }
    }
  } finally {
    await client.end();
  }
}

/** The database URL of one environment: `<name>_<environment>` beside the configured database. */
export function environmentDatabaseUrl(url: string, environment: string): string {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, "")) || "roster";
  u.pathname = `/${name}_${environment}`;
  return u.toString();
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid URL)";
  }
}

/** Empties every table (tests reuse one database between gateways). */
export async function truncateAll(db: Db): Promise<void> {
  const tables = Object.values(schema)
    .map((t) => (t as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")])
    .filter((n): n is string => typeof n === "string");
  await db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`));
}
