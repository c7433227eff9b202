import "server-only";
import { openConsoleDatabase, truncateConsoleTables, type ConsoleDatabase } from "@/lib/console/server/db/client";

// One in-memory PGlite console database for the whole test run (PGlite takes a while to start);
// each test empties it first.

const g = globalThis as unknown as { __rosterConsoleTestDb?: Promise<ConsoleDatabase> };

export async function getConsoleTestDatabase(options: { keepData?: boolean } = {}): Promise<ConsoleDatabase> {
  g.__rosterConsoleTestDb ??= openConsoleDatabase({ kind: "pglite" });
  const database = await g.__rosterConsoleTestDb;
  if (!options.keepData) await truncateConsoleTables(database.db);
  return database;
}
