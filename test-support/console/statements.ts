import { PGlite } from "@electric-sql/pglite";
import { vi } from "vitest";

/**
 * Counts the statements PGlite runs while `run` runs (`query`, `exec` and transactions of any PGlite
 * instance: the tests using it have one database at work): what a render costs the console database.
 * Spied on PGlite's prototype, not on the handle's client, which is drizzle's facade of the instance
 * (lib/db-kit/pglite-for-drizzle.ts) and must stay as it is.
 */
export async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const spies = [vi.spyOn(PGlite.prototype, "query"), vi.spyOn(PGlite.prototype, "exec"), vi.spyOn(PGlite.prototype, "transaction")];
  try {
    const result = await run();
    return { result, statements: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}
