import "server-only";
import pg from "pg";
import { openConsoleDatabase, type ConsoleDatabase } from "@/lib/console/server/db/client";

// PostgreSQL for the read model's tests: CONSOLE_DATABASE_URL (or TEST_DATABASE_URL's server with a
// database of our own). Tests that need it skip, naming the URL, when none answers.

export const READMODEL_PG_URL = (() => {
  if (process.env.CONSOLE_DATABASE_URL) return process.env.CONSOLE_DATABASE_URL;
  const u = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/roster_test");
  u.pathname = "/roster_console_readmodel_test";
  return u.toString();
})();

export async function postgresAnswers(url = READMODEL_PG_URL): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Opens the PostgreSQL console database (migrated), or null when none answers. */
export async function openPostgresConsoleDatabase(url = READMODEL_PG_URL): Promise<ConsoleDatabase | null> {
  if (!(await postgresAnswers(url))) return null;
  return openConsoleDatabase({ kind: "postgres", url });
}
