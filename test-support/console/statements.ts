import type { PGlite } from "@electric-sql/pglite";
import { vi } from "vitest";

/**
 * Counts the statements a PGlite database handle sends while `run` runs (its client's `query`, `exec`
 * and transactions): what a render costs the console database.
 */
export async function countStatements<T>(db: object, run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (db as { $client: PGlite }).$client;
  const spies = [vi.spyOn(client, "query"), vi.spyOn(client, "exec"), vi.spyOn(client, "transaction")];
  try {
    const result = await run();
    return { result, statements: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}
