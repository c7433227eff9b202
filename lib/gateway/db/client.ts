import "server-only";
import path from "node:path";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { hasRows, openDatabase as openKitDatabase, type DatabaseConfig, type MigrationPlan } from "@/lib/db-kit";
import * as schema from "./schema";

// The API's database: the shared kit (lib/db-kit) with the API's schema, migrations folder,
// bookkeeping table `roster_migrations` and advisory lock 7420193.

export type Schema = typeof schema;
/** The handle every query takes: PGlite and node-postgres databases share this interface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query can run on the database or inside a transaction. */
export type DbOrTx = Db | Tx;

export type { DatabaseConfig };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "lib/gateway/db/migrations");

export const API_MIGRATIONS: MigrationPlan = {
  dir: MIGRATIONS_DIR,
  table: "roster_migrations",
  lockKey: 7420193,
  // Tables added by any migration get the cache-version triggers (0008_read_path.sql).
  afterMigrations: async (tx) => {
    if (await hasRows(tx, sql`SELECT 1 FROM pg_proc WHERE proname = 'roster_attach_version_triggers'`)) {
      await tx.execute(sql`SELECT roster_attach_version_triggers()`);
    }
  },
};

/** Opens a database (creating a PGlite directory's parent, or a PostgreSQL database, if absent) and migrates it. */
export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return openKitDatabase(config, { schema, migrations: API_MIGRATIONS });
}

/** The database URL of one environment: `<name>_<environment>` beside the configured database. */
export function environmentDatabaseUrl(url: string, environment: string): string {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, "")) || "roster";
  u.pathname = `/${name}_${environment}`;
  return u.toString();
}

/** Empties every table (tests reuse one database between gateways). */
export async function truncateAll(db: Db): Promise<void> {
  const tables = Object.values(schema)
    .map((t) => (t as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")])
    .filter((n): n is string => typeof n === "string");
  await db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`));
}
