import type { Results } from "@electric-sql/pglite";
import type { StatementObserver } from "./pglite-for-drizzle";

// The process's write epoch: a number that moves whenever a database of this process may have changed
// what a read returns. The console's page cache (lib/console/server/page-cache.ts) keeps a rendered
// page only while the epoch it was rendered at is still current, so it must see every write.
//
// It can only when this process is the one writer of every database it reads: PGlite (one process
// owns a data directory, and every statement goes through the handles `openDatabase` gives, which
// report to `writeEpochObserver`). A PostgreSQL
// database may be written by other instances sharing it, so opening one marks the epoch untracked
// for the life of the process, and the cache stays off. docs/decisions/console-page-cache.md.
//
// State lives under a global symbol: Next.js bundles server code into several chunks, each with its
// own copy of this module (the instrumentation hook opens the databases, the pages read them).

interface EpochState {
  epoch: number;
  /** Why some write cannot be seen (e.g. "postgres"); empty while every write is tracked. */
  untracked: Set<string>;
}

const STATE = Symbol.for("roster.db-kit.writeEpoch");
const state: EpochState = ((globalThis as unknown as Record<symbol, EpochState>)[STATE] ??= { epoch: 0, untracked: new Set() });

/** The current epoch: equal at two moments only if no tracked write finished in between. */
export function currentWriteEpoch(): number {
  return state.epoch;
}

/** A write finished (or may have): every reading taken before it is out of date. */
export function noteWrite(): void {
  state.epoch += 1;
}

/** A database of this process can be written without this process seeing it (another instance). */
export function markWritesUntracked(reason: string): void {
  state.untracked.add(reason);
}

/** Whether every write to every database of this process moves the epoch. */
export function writesTracked(): boolean {
  return state.untracked.size === 0;
}

/** Why writes are not tracked (empty when they are). */
export function untrackedReasons(): string[] {
  return [...state.untracked];
}

/**
 * What a statement can do to the data, from its first keyword (after comments):
 * - `read`: reads only, or changes no row (transaction start, rollback, session settings, locks);
 * - `dml`: changes rows, as many as the answer's `affectedRows` says (0: nothing changed);
 * - `write`: anything else (DDL, COMMIT, COPY, several statements, a keyword not known here).
 */
export type StatementKind = "read" | "dml" | "write";

const READ_KEYWORDS = new Set([
  "select",
  "show",
  "explain",
  "values",
  "table",
  "begin",
  "start",
  "savepoint",
  "release",
  "rollback",
  "abort",
  "set",
  "reset",
  "lock",
  "listen",
  "unlisten",
  "notify",
  "deallocate",
  "discard",
  "fetch",
  "close",
  "declare",
]);
const DML_KEYWORDS = new Set(["insert", "update", "delete", "merge", "with"]);

/**
 * Tables written while pages are read, and read by no page: their writes do not move the epoch.
 * - `readmodel_budgets`: the request budget's buckets (lib/console/server/readmodel/budget.ts), taken
 *   from by every call the console makes to the API, a page's reads included. Only the budget reads
 *   them (lib/console/server/page-cache-setup.test.ts checks it); a call the budget holds back fails, and a page rendered
 *   with a failed call is not kept (page-cache.ts).
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(["readmodel_budgets"]);

/** The table a single INSERT, UPDATE or DELETE writes (null for anything else, or a CTE). */
export function dmlTarget(sql: string): string | null {
  return targetAt(sql, firstKeywordAt(sql));
}

const DML_TARGET = /^(?:update(?:\s+only)?|insert\s+into|delete\s+from(?:\s+only)?)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?(?:\s|\(|$)/i;

function targetAt(sql: string, at: number): string | null {
  const match = DML_TARGET.exec(sql.slice(at));
  return match ? match[1]!.toLowerCase() : null;
}

/** Where the first keyword starts, after whitespace and comments (`-- …` and `/* … *\/`). */
function firstKeywordAt(sql: string): number {
  let i = 0;
  const n = sql.length;
  for (;;) {
    while (i < n && /\s/.test(sql[i]!)) i++;
    if (sql.startsWith("--", i)) {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? n : end + 1;
    } else if (sql.startsWith("/*", i)) {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? n : end + 2;
    } else return i;
  }
}

export function statementKind(sql: string): StatementKind {
  return classify(sql).kind;
}

/** The statement's kind, and for a DML statement the position of its first keyword. */
function classify(sql: string): { kind: StatementKind; at: number } {
  const at = firstKeywordAt(sql);
  let j = at;
  while (j < sql.length && /[A-Za-z]/.test(sql[j]!)) j++;
  const keyword = sql.slice(at, j).toLowerCase();
  const rest = sql.slice(j);
  // Several statements in one text: only a single statement is classified by its keyword. (Most
  // texts have no `;` or `$` at all: the native searches spare them the scan.)
  if ((rest.includes(";") || rest.includes("$")) && hasSecondStatement(rest)) return { kind: "write", at };
  // A read that calls a function may write through it; none of this project's reads do, but a
  // SELECT … INTO creates a table.
  if (READ_KEYWORDS.has(keyword)) return { kind: keyword === "select" && /\binto\b/i.test(rest) ? "write" : "read", at };
  return { kind: DML_KEYWORDS.has(keyword) ? "dml" : "write", at };
}

/** Whether a `;` outside quotes is followed by more than whitespace (dollar quoting counts as yes). */
function hasSecondStatement(text: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    // `$1` is a parameter; `$$` or `$tag$` opens a dollar-quoted string, not followed here.
    else if (c === "$" && !/[0-9]/.test(text[i + 1] ?? "")) return true;
    else if (c === ";" && text.slice(i + 1).trim() !== "") return true;
  }
  return false;
}

/** Whether an answer (or several, from `exec`) may have changed a row: unknown counts as yes. */
function changedRows(results: unknown): boolean {
  const list = (Array.isArray(results) ? results : [results]) as Array<Partial<Results> | undefined>;
  return list.some((r) => r?.affectedRows === undefined || r.affectedRows > 0);
}

/** Runs one statement and moves the epoch after it when it may have changed data (or failed). */
async function tracked<R>(sql: string, run: () => Promise<R>, onWrite: () => void): Promise<R> {
  const { kind, at } = classify(sql);
  if (kind === "read") return run();
  if (kind === "dml") {
    const table = targetAt(sql, at);
    if (table !== null && BOOKKEEPING_TABLES.has(table)) return run();
  }
  let result: R;
  try {
    result = await run();
  } catch (error) {
    onWrite();
    throw error;
  }
  if (kind === "write" || changedRows(result)) onWrite();
  return result;
}

/**
 * The observer `openDatabase` gives drizzle's PGlite handles (./pglite-for-drizzle.ts): the epoch
 * moves after every statement that may have changed data, and once more when a transaction that
 * wrote has ended, so a reading taken between a write and its commit is never current. PGlite runs
 * one statement or one transaction at a time, so a read that starts after the move sees the write.
 */
export const writeEpochObserver: StatementObserver = {
  statement: (sql, run) => tracked(sql, run, noteWrite),
  async transaction(body) {
    let wrote = false;
    const onWrite = () => {
      wrote = true;
      noteWrite();
    };
    try {
      return await body((sql, run) => tracked(sql, run, onWrite));
    } finally {
      if (wrote) noteWrite();
    }
  },
};
