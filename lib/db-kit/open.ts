import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { ensurePostgresDatabase, redactUrl } from "./ensure-database";
import { runMigrations, type MigratableDb, type MigrationPlan } from "./migrate";

/**
 * PGlite's own start parameters plus a smaller buffer pool. PGlite keeps PostgreSQL's default
 * `shared_buffers = 128MB`, allocated and touched inside each instance's WebAssembly memory: about
 * 155 MB resident per open database, whatever its size. `npm start` opens three (sandbox,
 * production, console), so the buffer pools alone made half of its idle memory. 16 MB (2,048 pages)
 * holds the demo data many times over; pages beyond it are read again from the data directory
 * (the OS page cache) or from PGlite's in-memory file system. docs/decisions/runtime-idle-memory.md.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** PGlite in a directory (in memory without one), or PostgreSQL by URL. */
export type DatabaseConfig = { kind: "pglite"; dataDir?: string } | { kind: "postgres"; url: string; poolSize?: number };

export interface OpenedDatabase<TSchema extends Record<string, unknown>> {
  /** PGlite and node-postgres databases share this interface. */
  db: PgDatabase<PgQueryResultHKT, TSchema>;
  kind: "pglite" | "postgres";
  /** The migrations this open applied (empty when the database was current). */
  applied: string[];
  close(): Promise<void>;
}

export interface OpenOptions<TSchema extends Record<string, unknown>> {
  schema: TSchema;
  migrations: MigrationPlan;
  /** Mode of the PGlite directory's parent when it is created (e.g. 0o700 for token stores). */
  dataDirMode?: number;
  /** Names the setting in the error when PostgreSQL cannot be reached (e.g. `CONSOLE_DATABASE_URL`). */
  urlSetting?: string;
}

/**
 * Opens a database, creating a PGlite directory's parent or a PostgreSQL database if absent, and
 * applies the plan's migrations. One kit for the API (`lib/gateway/db/client.ts`) and the console
 * (`lib/console/db/client.ts`); each passes its own schema and migration plan.
 */
export async function openDatabase<TSchema extends Record<string, unknown>>(
  config: DatabaseConfig,
  options: OpenOptions<TSchema>,
): Promise<OpenedDatabase<TSchema>> {
  const { schema } = options;
  if (config.kind === "pglite") {
    if (config.dataDir) {
      mkdirSync(path.dirname(path.resolve(config.dataDir)), {
        recursive: true,
        ...(options.dataDirMode === undefined ? {} : { mode: options.dataDirMode }),
      });
    }
    const pgliteOptions = { startParams: PGLITE_START_PARAMS };
    const client = config.dataDir ? new PGlite(config.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as PgDatabase<PgQueryResultHKT, TSchema>;
    const applied = await migrateOrClose(db, options.migrations, () => client.close());
    return { db, kind: "pglite", applied, close: () => client.close() };
  }
  try {
    await ensurePostgresDatabase(config.url);
  } catch (error) {
    if (!options.urlSetting) throw error;
    throw new Error(`${options.urlSetting}: cannot reach ${redactUrl(config.url)} (${(error as Error).message})`);
  }
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
  pool.on("error", () => {
    /* idle client errors (server restart) are retried by the pool on next use */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as PgDatabase<PgQueryResultHKT, TSchema>;
  const applied = await migrateOrClose(db, options.migrations, () => pool.end());
  return { db, kind: "postgres", applied, close: () => pool.end() };
}

async function migrateOrClose(db: unknown, plan: MigrationPlan, close: () => Promise<void>): Promise<string[]> {
  try {
    return await runMigrations(db as MigratableDb, plan);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
