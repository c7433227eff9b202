import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type MigrationPlan, type OpenedDatabase } from ".";
import { plainPGliteOf } from "./pglite-for-drizzle";
import { currentWriteEpoch, dmlTarget, markWritesUntracked, statementKind, untrackedReasons, writesTracked } from "./write-epoch";

// The process's write epoch (write-epoch.ts): every statement of a PGlite database opened by the kit
// that may change data moves it, reads do not, and a database this process cannot see every write
// of (PostgreSQL) marks it untracked.

let tmp: string;
let plan: MigrationPlan;
let database: OpenedDatabase<Record<string, never>>;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "write-epoch-"));
  const dir = path.join(tmp, "migrations");
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, "0001_items.sql"),
    "CREATE TABLE epoch_items (id integer PRIMARY KEY, name text NOT NULL);\n--> statement-breakpoint\nCREATE TABLE readmodel_budgets (key text PRIMARY KEY, tokens integer NOT NULL);",
  );
  plan = { dir, table: "epoch_test_migrations", lockKey: 7420998 };
  database = await openDatabase({ kind: "pglite" }, { schema: {}, migrations: plan });
});
afterAll(async () => {
  await database.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** How far `run` moved the epoch. */
async function moves(run: () => Promise<unknown>): Promise<number> {
  const before = currentWriteEpoch();
  await run().catch(() => undefined);
  return currentWriteEpoch() - before;
}

describe("statementKind: a statement's first keyword says what it can do", () => {
  it.each([
    ["SELECT 1", "read"],
    ["  -- a comment\n/* another */ select * from t where x = ';'", "read"],
    ["select id from jobs for update skip locked", "read"],
    ['select "id" from "t" where "t"."id" = $1 and name = $2 limit $3', "read"],
    ["select $$a; b$$", "write"],
    ["SHOW server_version", "read"],
    ["BEGIN", "read"],
    ["ROLLBACK", "read"],
    ["SET LOCAL statement_timeout = 5", "read"],
    ["insert into t values (1)", "dml"],
    ["UPDATE t SET x = 1", "dml"],
    ["delete from t", "dml"],
    ["WITH next AS (SELECT id FROM jobs) UPDATE jobs SET state = 'active' RETURNING *", "dml"],
    ["COMMIT", "write"],
    ["CREATE TABLE t (id int)", "write"],
    ["TRUNCATE t", "write"],
    ["SELECT * INTO copy FROM t", "write"],
    ["select 1; delete from t", "write"],
    ["vacuum", "write"],
  ])("%s → %s", (text, kind) => {
    expect(statementKind(text)).toBe(kind);
  });
});

describe("dmlTarget: the table one INSERT, UPDATE or DELETE writes", () => {
  it.each([
    ["UPDATE readmodel_budgets AS b SET tokens = v.tokens FROM (VALUES ($1, $2)) AS v(key, tokens)", "readmodel_budgets"],
    ['insert into "readmodel_budgets" ("key", "tokens") values ($1, $2)', "readmodel_budgets"],
    ["INSERT INTO readmodel_budgets(key, tokens) VALUES ($1, $2)", "readmodel_budgets"],
    ["/* c */ delete from only Readmodel_Budgets where key = $1", "readmodel_budgets"],
    ["update readmodel_budgets_archive set x = 1", "readmodel_budgets_archive"],
    ["WITH x AS (SELECT 1) UPDATE readmodel_budgets SET tokens = 1", null],
    ["SELECT * FROM readmodel_budgets", null],
  ])("%s → %s", (text, table) => {
    expect(dmlTarget(text)).toBe(table);
  });
});

describe("a PGlite database opened by the kit moves the epoch on every write", () => {
  it("but not for a bookkeeping table no page reads (the request budget's buckets)", async () => {
    expect(await moves(() => database.db.execute(sql`INSERT INTO readmodel_budgets (key, tokens) VALUES ('client:sandbox:a', 5)`))).toBe(0);
    expect(await moves(() => database.db.execute(sql`UPDATE readmodel_budgets SET tokens = 4 WHERE key = 'client:sandbox:a'`))).toBe(0);
    // In a transaction with another write, the other write moves it.
    expect(
      await moves(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE readmodel_budgets SET tokens = 3`);
          await tx.execute(sql`INSERT INTO epoch_items (id, name) VALUES (40, 'forty')`);
        }),
      ),
    ).toBeGreaterThan(0);
  });

  it("a read does not move it; a row written does", async () => {
    expect(await moves(() => database.db.execute(sql`SELECT count(*) FROM epoch_items`))).toBe(0);
    expect(await moves(() => database.db.execute(sql`INSERT INTO epoch_items (id, name) VALUES (1, 'one')`))).toBeGreaterThan(0);
  });

  it("an UPDATE or DELETE that changes no row does not move it; one that changes a row does", async () => {
    expect(await moves(() => database.db.execute(sql`UPDATE epoch_items SET name = 'x' WHERE id = -1`))).toBe(0);
    expect(await moves(() => database.db.execute(sql`DELETE FROM epoch_items WHERE id = -1`))).toBe(0);
    expect(await moves(() => database.db.execute(sql`UPDATE epoch_items SET name = 'uno' WHERE id = 1`))).toBeGreaterThan(0);
  });

  it("a write in a transaction moves it at the statement and again once the transaction has ended", async () => {
    const seen: number[] = [];
    const start = currentWriteEpoch();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      seen.push(currentWriteEpoch());
      await tx.execute(sql`INSERT INTO epoch_items (id, name) VALUES (2, 'two')`);
      seen.push(currentWriteEpoch());
    });
    expect(seen[0]).toBe(start);
    expect(seen[1]).toBe(start + 1);
    expect(currentWriteEpoch()).toBe(start + 2);
    // A read-only transaction moves nothing.
    expect(await moves(() => database.db.transaction(async (tx) => tx.execute(sql`SELECT * FROM epoch_items`)))).toBe(0);
  });

  it("a failed write moves it (nothing is assumed about what it did)", async () => {
    expect(await moves(() => database.db.execute(sql`INSERT INTO epoch_items (id, name) VALUES (1, 'duplicate')`))).toBeGreaterThan(0);
  });

  it("raw SQL through the plain handle (pg-boss's path) is tracked the same way", async () => {
    const plain = plainPGliteOf(database.db)!;
    expect(await moves(() => plain.query("SELECT * FROM epoch_items"))).toBe(0);
    expect(await moves(() => plain.query("INSERT INTO epoch_items (id, name) VALUES ($1, $2)", [3, "three"]))).toBeGreaterThan(0);
    expect(await moves(() => plain.exec("DELETE FROM epoch_items WHERE id = 3; SELECT 1"))).toBeGreaterThan(0);
  });
});

describe("a database whose writes this process cannot all see", () => {
  it("marks the epoch untracked, with the reason", () => {
    const state = (globalThis as unknown as Record<symbol, { untracked: Set<string> }>)[Symbol.for("roster.db-kit.writeEpoch")]!;
    const saved = new Set(state.untracked);
    try {
      state.untracked.clear();
      expect(writesTracked()).toBe(true);
      markWritesUntracked("postgres");
      expect(writesTracked()).toBe(false);
      expect(untrackedReasons()).toEqual(["postgres"]);
    } finally {
      state.untracked.clear();
      for (const reason of saved) state.untracked.add(reason);
    }
  });
});
