import "server-only";
import { PGlite } from "@electric-sql/pglite";

// Writes to the console database seen by this process, per table (migration 0009: the tables whose
// rows are kept in memory between renders announce every write statement on 'console_changes').
//
// On PGlite the database belongs to this process (one opener per directory, getConsoleDatabase), so
// every write is made here, and PGlite delivers the notification before the writing statement, or
// its transaction's COMMIT, resolves. A copy read while the tables' count stood at n is therefore
// exact for as long as the count is still n: a render checks it in memory, without a statement.
// On PostgreSQL other console instances write too and this process hears nothing: the count is
// undefined and kept copies are checked against their rows' versions (migration 0008), as before.
// docs/decisions/bench-console-pages.md, follow-up "kept copies checked without a statement on PGlite".

export const CHANGES_CHANNEL = "console_changes";

/** The tables migration 0009 announces. */
export type WatchedTable =
  "console_sessions" | "console_connections" | "readmodel_sync_state" | "readmodel_employments" | "readmodel_employment_counts";

/**
 * The counts of a database handle (the drizzle instance every reader of the database shares), by
 * payload, kept on the handle itself under a global symbol: Next.js bundles server code into several
 * chunks, each with its own copy of this module, and they all must see the one watcher's counts.
 */
const COUNTS = Symbol.for("roster.console.localChanges");
type Watched = { [COUNTS]?: Map<string, number> };

/** Starts counting the announced writes of a console database on PGlite (nothing on PostgreSQL). */
export async function watchLocalChanges(db: object): Promise<void> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite) || (db as Watched)[COUNTS]) return;
  const tables = new Map<string, number>();
  await client.listen(CHANGES_CHANNEL, (payload) => {
    tables.set(payload, (tables.get(payload) ?? 0) + 1);
  });
  Object.defineProperty(db, COUNTS, { value: tables });
}

/** A company's rows, for the tables announced per company (the read model's). */
export interface CompanyRows {
  environment: string;
  companyId: string;
}

/**
 * How many writes to these tables this process has seen (to the given company's rows, for the read
 * model's tables: its own writes and any TRUNCATE), or undefined when the database's writes are not
 * all seen here (PostgreSQL, or a handle not opened by openConsoleDatabase). Take it before reading
 * what is kept: a write landing during the read moves it, and the copy is read again next time.
 */
export function localChangeCount(db: object, tables: readonly WatchedTable[], company?: CompanyRows): number | undefined {
  const seen = (db as Watched)[COUNTS];
  if (!seen) return undefined;
  let n = 0;
  for (const t of tables) {
    n += seen.get(t) ?? 0;
    if (company) n += seen.get(`${t}:${company.environment}:${company.companyId}`) ?? 0;
  }
  return n;
}
