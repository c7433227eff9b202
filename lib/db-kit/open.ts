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
import { pgliteForDrizzle } from "./pglite-for-drizzle";
import { markWritesUntracked, writeEpochObserver } from "./write-epoch";

/**
 * A PGlite database in a directory (what `npm start` opens three of: sandbox, production, console)
 * starts with a small shared memory. PGlite keeps PostgreSQL's defaults (`shared_buffers = 128MB`,
 * `max_connections = 100`), and the whole shared memory is allocated and zeroed inside each
 * instance's WebAssembly memory: about 155 MB resident per open database, whatever its size, half
 * of `npm start`'s idle memory. 8 MB of buffers (1,024 pages) hold the demo data several times over;
 * pages beyond them are read again from the data directory through the OS page cache. PGlite runs
 * PostgreSQL single-user (one connection), so 10 connection slots are plenty. In-memory databases
 * (tests, bench suites) keep PGlite's defaults. docs/decisions/runtime-idle-memory.md.
 */
export const PGLITE_DIRECTORY_SETTINGS = { shared_buffers: "8MB", max_connections: "10" } as const;
const PGLITE_DIRECTORY_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_DIRECTORY_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
];

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
 * (`lib/console/server/db/client.ts`); each passes its own schema and migration plan.
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
    const client = config.dataDir ? new PGlite(config.dataDir, { startParams: PGLITE_DIRECTORY_START_PARAMS }) : new PGlite();
    await client.waitReady;
    // drizzle's parsers live in the instance's table instead of riding on every statement (which
    // made PGlite copy its table per statement); raw SQL with PGlite's own parsing goes through
    // plainPGliteOf(db). ./pglite-for-drizzle.ts.
    // Every statement of its handles that may change data moves the process's write epoch
    // (./write-epoch.ts).
    const forDrizzle = await pgliteForDrizzle(client, writeEpochObserver).catch(async (error: unknown) => {
      await client.close().catch(() => {});
      throw error;
    });
    const db = drizzlePglite({ client: forDrizzle, schema }) as unknown as PgDatabase<PgQueryResultHKT, TSchema>;
    const applied = await migrateOrClose(db, options.migrations, () => client.close());
    return { db, kind: "pglite", applied, close: () => client.close() };
  }
  try {
    await ensurePostgresDatabase(config.url);
  } catch (error) {
    if (!options.urlSetting) throw error;
    throw new Error(`${options.urlSetting}: cannot reach ${redactUrl(config.url)} (${(error as Error).message})`);
  }
  // Other instances may write this database: this process cannot know every write (./write-epoch.ts).
  markWritesUntracked("postgres");
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
