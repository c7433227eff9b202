import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type OpenedDatabase } from ".";
import { asJsonRows, createStatementCache } from "./statements";

// Statements by shape (./statements.ts) on both kinds: PGlite always, PostgreSQL with TEST_DB=postgres.
// A shape's statement is built once, every value goes as a parameter, rows come in the statement's
// order as arrays of JSON values, and the cache keeps at most its bound of shapes.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/roster_test";
const onPostgres = process.env.TEST_DB === "postgres";

const items = pgTable("st_items", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  kind: text("kind").notNull(),
  doc: jsonb("doc"),
  amount: numeric("amount", { precision: 12, scale: 2 }),
  at: timestamp("at", { withTimezone: true, mode: "string" }),
});
const schema = { items };
type Opened = OpenedDatabase<typeof schema>;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "statements-"));
  mkdirSync(path.join(tmp, "migrations"));
  writeFileSync(
    path.join(tmp, "migrations", "0001_items.sql"),
    `CREATE TABLE st_items (id integer PRIMARY KEY, name text NOT NULL, kind text NOT NULL, doc jsonb, amount numeric(12,2), at timestamptz);
--> statement-breakpoint
INSERT INTO st_items VALUES
  (1, 'Ada', 'a', '{"city": "London", "n": [1, 2]}', 10.50, '2026-01-02T03:04:05Z'),
  (2, 'O''Brien', 'b', NULL, NULL, NULL),
  (3, 'Zoë "Z"', 'a', '{}', 0, '2026-05-06T07:08:09Z'),
  (4, 'Dee', 'c', '[]', 2.25, NULL);`,
  );
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The items of some kinds (one placeholder per kind) after an id, newest first, `limit` of them. */
function byKinds(db: Opened["db"], kinds: number, withAfter: boolean) {
  const where = and(
    kinds > 0
      ? sql`${items.kind} IN (${sql.join(
          Array.from({ length: kinds }, (_, i) => sql.placeholder(`kind${i}`)),
          sql`, `,
        )})`
      : undefined,
    withAfter ? gt(items.id, sql.placeholder("after")) : undefined,
  );
  return db
    .select({ id: items.id, name: items.name, doc: items.doc, amount: items.amount, at: items.at })
    .from(items)
    .where(where)
    .orderBy(desc(items.id))
    .limit(sql.placeholder("limit"))
    .toSQL();
}

function suite(open: () => Promise<Opened>) {
  let database: Opened;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("answers the rows in the statement's order, as arrays of JSON values, placeholders filled by name", async () => {
    const cache = createStatementCache({ columns: 5 });
    const rows = await cache.rows(database.db, "kinds:2", () => byKinds(database.db, 2, false), { kind0: "a", kind1: "b", limit: 10 });
    expect(rows).toEqual([
      [3, 'Zoë "Z"', {}, 0, "2026-05-06T07:08:09+00:00"],
      [2, "O'Brien", null, null, null],
      [1, "Ada", { city: "London", n: [1, 2] }, 10.5, "2026-01-02T03:04:05+00:00"],
    ]);
    // The same through drizzle, for the columns JSON and drizzle read alike.
    const viaDrizzle = await database.db
      .select({ id: items.id, name: items.name, doc: items.doc })
      .from(items)
      .where(sql`${items.kind} IN ('a', 'b')`)
      .orderBy(desc(items.id));
    expect(rows.map((r) => r.slice(0, 3))).toEqual(viaDrizzle.map((r) => [r.id, r.name, r.doc]));
  });

  it("builds a shape's statement once and each other shape its own", async () => {
    const cache = createStatementCache({ columns: 5 });
    const one = vi.fn(() => byKinds(database.db, 1, true));
    const two = vi.fn(() => byKinds(database.db, 2, false));
    expect(await cache.rows(database.db, "kinds:1,after", one, { kind0: "a", after: 1, limit: 10 })).toEqual([
      [3, 'Zoë "Z"', {}, 0, "2026-05-06T07:08:09+00:00"],
    ]);
    expect((await cache.rows(database.db, "kinds:1,after", one, { kind0: "c", after: 0, limit: 1 })).map((r) => r[0])).toEqual([4]);
    expect((await cache.rows(database.db, "kinds:2", two, { kind0: "c", kind1: "b", limit: 5 })).map((r) => r[0])).toEqual([4, 2]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(2);
  });

  it("sends every value as a parameter, never in the SQL text", async () => {
    const cache = createStatementCache({ columns: 5 });
    const hostile = "a') OR true OR ('x' = 'x";
    expect(await cache.rows(database.db, "kinds:1", () => byKinds(database.db, 1, false), { kind0: hostile, limit: 10 })).toEqual([]);
    const byName = createStatementCache({ columns: 1 });
    const rows = await byName.rows(
      database.db,
      "name",
      () =>
        database.db
          .select({ id: items.id })
          .from(items)
          .where(eq(items.name, sql.placeholder("name")))
          .toSQL(),
      { name: "O'Brien" },
    );
    expect(rows).toEqual([[2]]);
  });

  it("answers no row as an empty list, and refuses a statement without a value it names", async () => {
    const cache = createStatementCache({ columns: 5 });
    expect(await cache.rows(database.db, "kinds:1", () => byKinds(database.db, 1, false), { kind0: "none", limit: 10 })).toEqual([]);
    await expect(cache.rows(database.db, "kinds:1", () => byKinds(database.db, 1, false), { kind0: "a" })).rejects.toThrow(
      /No value for placeholder "limit"/,
    );
  });

  it("keeps at most `max` shapes, dropping the least recently used", async () => {
    const cache = createStatementCache({ columns: 5, max: 2 });
    const builds = { a: vi.fn(() => byKinds(database.db, 1, false)), b: vi.fn(() => byKinds(database.db, 2, false)) };
    const c = vi.fn(() => byKinds(database.db, 3, false));
    const values = { kind0: "a", kind1: "b", kind2: "c", limit: 10 };
    await cache.rows(database.db, "a", builds.a, values);
    await cache.rows(database.db, "b", builds.b, values);
    await cache.rows(database.db, "a", builds.a, values); // a used last: b is the oldest
    await cache.rows(database.db, "c", c, values);
    expect(cache.size).toBe(2);
    await cache.rows(database.db, "a", builds.a, values);
    expect(builds.a).toHaveBeenCalledTimes(1);
    await cache.rows(database.db, "b", builds.b, values);
    expect(builds.b).toHaveBeenCalledTimes(2);
  });
}

describe("statements by shape on PGlite", () => {
  suite(() =>
    openDatabase(
      { kind: "pglite" },
      { schema, migrations: { dir: path.join(tmp, "migrations"), table: "st_migrations", lockKey: 7420998 } },
    ),
  );
});

describe.skipIf(!onPostgres)("statements by shape on PostgreSQL (TEST_DB=postgres)", () => {
  const name = `roster_statements_${process.pid}_${Date.now()}`;
  const url = (() => {
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  afterAll(async () => {
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = "/postgres";
    const admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });
  suite(() =>
    openDatabase(
      { kind: "postgres", url },
      { schema, migrations: { dir: path.join(tmp, "migrations"), table: "st_migrations", lockKey: 7420998 } },
    ),
  );
});

describe("asJsonRows", () => {
  it("aggregates the statement's rows under positional names, and refuses a column count json_build_array cannot take", () => {
    expect(asJsonRows("SELECT 1, 2", 2)).toBe(
      "SELECT coalesce(json_agg(json_build_array(p.c0, p.c1)), '[]')::text FROM (SELECT 1, 2) AS p(c0, c1)",
    );
    for (const bad of [0, 101, 1.5]) expect(() => asJsonRows("SELECT 1", bad)).toThrow(/columns must be 1\.\.100/);
  });
});
