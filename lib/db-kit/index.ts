import "server-only";

// The server-side database kit shared by the API (lib/gateway/db) and the console (lib/console/server/db):
// open PGlite or PostgreSQL, create the PostgreSQL database, run numbered SQL migrations.
export { openDatabase, type DatabaseConfig, type OpenedDatabase, type OpenOptions } from "./open";
export { plainPGliteOf, type PlainPGlite } from "./pglite-for-drizzle";
export { ensurePostgresDatabase, redactUrl } from "./ensure-database";
export { hasRows, listMigrations, runMigrations, type MigratableDb, type Migration, type MigrationPlan, type SqlExecutor } from "./migrate";
