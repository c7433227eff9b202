import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, plainPGliteOf, runMigrations, type MigratableDb, type MigrationPlan, type OpenedDatabase } from ".";
import { DRIZZLE_TEXT_OIDS } from "./pglite-for-drizzle";
import type * as PgliteForDrizzle from "./pglite-for-drizzle";

// drizzle's PGlite parsers live in the instance's table (./pglite-for-drizzle.ts): drizzle's reads
// must equal those of drizzle's own driver over an untouched PGlite, without PGlite copying its parser
// table per statement; raw SQL through plainPGliteOf reads as an untouched PGlite does.

const kinds = pgTable("kinds", {
  id: integer("id").primaryKey(),
  ts: timestamp("ts"),
  tsText: timestamp("ts_text", { mode: "string" }),
  tstz: timestamp("tstz", { withTimezone: true }),
  tstzText: timestamp("tstz_text", { withTimezone: true, mode: "string" }),
  day: date("day"),
  dayDate: date("day_date", { mode: "date" }),
  span: interval("span"),
  amount: numeric("amount", { precision: 12, scale: 3 }),
  doc: jsonb("doc"),
  tags: text("tags").array(),
  nums: integer("nums").array(),
  stamps: timestamp("stamps", { withTimezone: true }).array(),
});
const schema = { kinds };

const TABLE_SQL = `CREATE TABLE kinds (
  id integer PRIMARY KEY, ts timestamp, ts_text timestamp, tstz timestamptz, tstz_text timestamptz,
  day date, day_date date, span interval, amount numeric(12,3), doc jsonb, tags text[], nums integer[],
  stamps timestamptz[]
);
--> statement-breakpoint
INSERT INTO kinds VALUES
  (1, '2026-01-02 03:04:05.678', '2026-01-02 03:04:05.678', '2026-01-02 03:04:05.678+02', '2026-01-02 03:04:05.678+02',
   '2026-01-02', '2026-01-02', '1 day 02:03:04', 1234.5, '{"a": [1, "x", null], "b": {"c": true}}', ARRAY['x', 'y z', 'q"uote'],
   ARRAY[1, -2, 3], ARRAY['2026-01-02 03:04:05+00'::timestamptz, '2026-06-30 23:59:59.5+00']),
  (2, 'infinity', '-infinity', '-infinity', 'infinity', 'infinity', '-infinity', '-3 mons 4 days', -0.001, '[]', '{}', '{}', '{}'),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ARRAY[NULL, 1]::integer[], ARRAY[NULL]::timestamptz[]);`;

/** Every type drizzle overrides and a few it leaves to PGlite, in rows and in arrays, as a raw statement. */
const RAW_TEXT = `SELECT
  '2026-01-02 03:04:05'::timestamp AS ts, '2026-01-02 03:04:05+02'::timestamptz AS tstz, '2026-01-02'::date AS day,
  '1 year 2 mons 3 days 04:05:06'::interval AS span, 1.50::numeric AS amount, '{"k": [1, 2]}'::jsonb AS doc,
  ARRAY['a', 'b c', NULL]::text[] AS tags, ARRAY[1, 2, 3]::int[] AS nums, ARRAY[1.5, 2]::numeric[] AS amounts,
  ARRAY['2026-01-02 03:04:05']::timestamp[] AS tss, ARRAY['2026-01-02 03:04:05+00']::timestamptz[] AS tstzs,
  ARRAY['2026-01-02']::date[] AS days, ARRAY['1 day']::interval[] AS spans, ARRAY[true, false] AS flags,
  ARRAY[ARRAY[1, 2], ARRAY[3, 4]] AS grid, 9007199254740993::bigint AS big, 'infinity'::timestamptz AS forever`;
const RAW = sql.raw(RAW_TEXT);

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

let tmp: string;
let plan: MigrationPlan;
let opened: OpenedDatabase<typeof schema>;
let untouched: PGlite;
let reference: Db;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "pglite-for-drizzle-"));
  const dir = path.join(tmp, "migrations");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "0001_kinds.sql"), TABLE_SQL);
  plan = { dir, table: "kinds_migrations", lockKey: 7420998 };
  opened = await openDatabase({ kind: "pglite" }, { schema, migrations: plan });
  // drizzle's own driver over an untouched PGlite: what the reads must equal.
  untouched = new PGlite();
  reference = drizzle({ client: untouched, schema }) as unknown as Db;
  await runMigrations(reference as unknown as MigratableDb, plan);
});
afterAll(async () => {
  await opened?.close();
  await untouched?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The reads of one handle or transaction: query builder, relational query, raw statement. */
async function readsOf(db: Pick<Db, "select" | "execute" | "query">) {
  return {
    select: await db.select().from(kinds).orderBy(asc(kinds.id)),
    partial: await db.select({ id: kinds.id, ts: kinds.ts, span: kinds.span, stamps: kinds.stamps }).from(kinds).orderBy(asc(kinds.id)),
    relational: await db.query.kinds.findMany({ orderBy: asc(kinds.id) }),
    raw: ((await db.execute(RAW)) as unknown as { rows: unknown[] }).rows,
  };
}

/** Counts the copies of a PGlite instance's parser table (a spread reads its keys). */
function countTableCopies(client: { parsers: Record<number, unknown> }) {
  let copies = 0;
  const table = client.parsers;
  client.parsers = new Proxy(table, {
    ownKeys(target) {
      copies++;
      return Reflect.ownKeys(target);
    },
  });
  return {
    get copies() {
      return copies;
    },
    restore: () => void (client.parsers = table),
  };
}

describe("drizzle over PGlite with its parsers in the instance's table", () => {
  it("reads every type as drizzle's own driver does, outside a transaction, in one and in a savepoint", async () => {
    const expected = await readsOf(reference);
    expect(expected.select[0]!.ts).toBeInstanceOf(Date);
    expect(expected.select[0]!.tsText).toBe("2026-01-02 03:04:05.678");
    expect((expected.raw[0] as { ts: unknown }).ts).toBe("2026-01-02 03:04:05");

    expect(await readsOf(opened.db)).toEqual(expected);
    expect(await opened.db.transaction((tx) => readsOf(tx))).toEqual(expected);
    expect(await opened.db.transaction((tx) => tx.transaction((sp) => readsOf(sp)))).toEqual(expected);
  });

  it("PGlite does not copy its parser table for drizzle's statements (it did once per statement with drizzle's `parsers` option)", async () => {
    const client = (opened.db as unknown as { $client: { parsers: Record<number, unknown> } }).$client;
    const counter = countTableCopies(client);
    try {
      await readsOf(opened.db);
      await opened.db.transaction((tx) => readsOf(tx));
      expect(counter.copies).toBe(0);
    } finally {
      counter.restore();
    }
    // The counter does count a copy: a statement with a `parsers` option makes one.
    const raw = countTableCopies(client);
    try {
      await plainPGliteOf(opened.db)!.query("SELECT 1");
      expect(raw.copies).toBe(1);
    } finally {
      raw.restore();
    }
  });

  it("drizzle's driver still passes exactly the overrides the instance's table holds (a drizzle upgrade that changes them fails here)", async () => {
    const client = (opened.db as unknown as { $client: Record<string, unknown> }).$client;
    const original = client.query as (...args: unknown[]) => unknown;
    const seen: Array<Record<string, (value: string) => unknown> | undefined> = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      seen.push((args[2] as { parsers?: Record<string, (value: string) => unknown> } | undefined)?.parsers);
      return original.apply(this, args);
    };
    try {
      await opened.db.select().from(kinds);
      await opened.db.execute(sql`SELECT 1`);
    } finally {
      client.query = original;
    }
    expect(seen).toHaveLength(2);
    const table = (client as unknown as { parsers: Record<number, (value: string) => unknown> }).parsers;
    for (const parsers of seen) {
      expect(Object.keys(parsers!).map(Number).sort()).toEqual([...DRIZZLE_TEXT_OIDS].sort());
      for (const oid of DRIZZLE_TEXT_OIDS) {
        expect(parsers![oid]!("2026-01-02 03:04:05")).toBe("2026-01-02 03:04:05");
        expect(table[oid]!("2026-01-02 03:04:05")).toBe("2026-01-02 03:04:05");
      }
    }
  });

  it("the client is still a PGlite (listen, instanceof) and raw SQL through plainPGliteOf reads as an untouched PGlite", async () => {
    const client = (opened.db as unknown as { $client: PGlite }).$client;
    expect(client).toBeInstanceOf(PGlite);
    const payloads: string[] = [];
    const unlisten = await client.listen("kit_channel", (payload) => payloads.push(payload));
    await opened.db.execute(sql`SELECT pg_notify('kit_channel', 'hello')`);
    await unlisten();
    expect(payloads).toEqual(["hello"]);

    const statement = RAW_TEXT;
    const plain = plainPGliteOf(opened.db)!;
    const expected = await untouched.query(statement);
    const got = await plain.query(statement);
    expect(got.rows).toEqual(expected.rows);
    expect((got.rows[0] as { tstz: unknown; tstzs: unknown[] }).tstz).toBeInstanceOf(Date);
    expect((got.rows[0] as { tstzs: unknown[] }).tstzs[0]).toBeInstanceOf(Date);
    expect((await plain.exec(statement)).map((r) => r.rows)).toEqual((await untouched.exec(statement)).map((r) => r.rows));
    // A caller's own parsers still win.
    const own = await plain.query<{ tstz: unknown }>("SELECT now() AS tstz", [], { parsers: { 1184: () => "mine" } });
    expect(own.rows[0]!.tstz).toBe("mine");
  });

  it("a spy on the client's query (and its restore) stays on drizzle's client: the instance and the plain handle keep their own", async () => {
    const client = (opened.db as unknown as { $client: PGlite }).$client;
    const spy = vi.spyOn(client, "query");
    await opened.db.execute(sql`SELECT 1`);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    const plain = plainPGliteOf(opened.db)!;
    const got = await plain.query<{ tstz: unknown }>("SELECT now() AS tstz");
    expect(got.rows[0]!.tstz).toBeInstanceOf(Date);
    // Nothing was left on the instance itself.
    expect(Object.prototype.hasOwnProperty.call(client, "query")).toBe(false);
  });

  it("another copy of the module (Next.js bundles server code into several chunks) finds the plain handle too", async () => {
    vi.resetModules();
    // @ts-expect-error -- the query string loads a second copy of the module, as a second chunk would.
    const copy = (await import("./pglite-for-drizzle?copy")) as typeof PgliteForDrizzle;
    expect(copy.plainPGliteOf).not.toBe(plainPGliteOf);
    const plain = copy.plainPGliteOf(opened.db);
    expect(plain).toBeDefined();
    expect((await plain!.query<{ tstz: unknown }>("SELECT now() AS tstz")).rows[0]!.tstz).toBeInstanceOf(Date);
  });
});
