import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePostgresDatabase, openDatabase, redactUrl, type MigrationPlan, type OpenedDatabase } from ".";
import { PGLITE_DIRECTORY_SETTINGS } from "./open";

// The shared database kit on both kinds: PGlite (always) and PostgreSQL (TEST_DB=postgres, or
// skipped with the reason when none answers). Opening creates what is missing, two runners starting
// together apply each migration once, and a second run applies nothing.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/roster_test";
const onPostgres = process.env.TEST_DB === "postgres";

let tmp: string;
let plan: MigrationPlan;
const schema = {};
type Opened = OpenedDatabase<typeof schema>;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "db-kit-"));
  const dir = path.join(tmp, "migrations");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "0001_items.sql"), "CREATE TABLE kit_items (id integer PRIMARY KEY, name text NOT NULL);");
  writeFileSync(
    path.join(dir, "0002_more.sql"),
    "ALTER TABLE kit_items ADD COLUMN note text;\n--> statement-breakpoint\nINSERT INTO kit_items (id, name) VALUES (1, 'seeded once');",
  );
  writeFileSync(path.join(dir, "README.md"), "not a migration");
  plan = { dir, table: "kit_test_migrations", lockKey: 7420999 };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const rows = async (database: Opened, query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

async function expectMigratedOnce(database: Opened) {
  expect((await rows(database, sql`SELECT name FROM kit_test_migrations ORDER BY name`)).rows.map((r) => r.name)).toEqual([
    "0001_items.sql",
    "0002_more.sql",
  ]);
  expect((await rows(database, sql`SELECT id, name, note FROM kit_items`)).rows).toEqual([{ id: 1, name: "seeded once", note: null }]);
}

describe("db-kit on PGlite", () => {
  it("opens in memory and applies the migrations; a second open of the same directory applies nothing", async () => {
    const memory = await openDatabase({ kind: "pglite" }, { schema, migrations: plan });
    try {
      expect(memory.kind).toBe("pglite");
      expect(memory.applied).toEqual(["0001_items.sql", "0002_more.sql"]);
      await expectMigratedOnce(memory);
    } finally {
      await memory.close();
    }

    const dataDir = path.join(tmp, "nested", "parent", "db");
    const first = await openDatabase({ kind: "pglite", dataDir }, { schema, migrations: plan, dataDirMode: 0o700 });
    expect(first.applied).toEqual(["0001_items.sql", "0002_more.sql"]);
    await first.close();
    const second = await openDatabase({ kind: "pglite", dataDir }, { schema, migrations: plan });
    try {
      expect(second.applied).toEqual([]);
      await expectMigratedOnce(second);
    } finally {
      await second.close();
    }
  });

  it("a database in a directory starts with the small shared memory of PGLITE_DIRECTORY_SETTINGS; in memory keeps PGlite's defaults", async () => {
    const setting = async (database: Opened, name: string) =>
      (await rows(database, sql`SELECT current_setting(${name}) AS value`)).rows[0]!.value;
    const inDirectory = await openDatabase({ kind: "pglite", dataDir: path.join(tmp, "settings", "db") }, { schema, migrations: plan });
    try {
      expect(await setting(inDirectory, "shared_buffers")).toBe(PGLITE_DIRECTORY_SETTINGS.shared_buffers);
      expect(await setting(inDirectory, "max_connections")).toBe(PGLITE_DIRECTORY_SETTINGS.max_connections);
    } finally {
      await inDirectory.close();
    }
    const inMemory = await openDatabase({ kind: "pglite" }, { schema, migrations: plan });
    try {
      expect(await setting(inMemory, "shared_buffers")).toBe("128MB");
    } finally {
      await inMemory.close();
    }
  });

  it("runs the afterMigrations hook under the lock after every run", async () => {
    let calls = 0;
    const database = await openDatabase(
      { kind: "pglite" },
      {
        schema,
        migrations: {
          ...plan,
          afterMigrations: async (tx) => {
            calls++;
            await tx.execute(sql`CREATE TABLE IF NOT EXISTS kit_after (n integer)`);
          },
        },
      },
    );
    try {
      expect(calls).toBe(1);
      expect((await rows(database, sql`SELECT count(*)::int AS n FROM kit_after`)).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("refuses a bookkeeping table name that is not a plain identifier", async () => {
    await expect(openDatabase({ kind: "pglite" }, { schema, migrations: { ...plan, table: "x; DROP TABLE y" } })).rejects.toThrow(
      /invalid migrations table name/,
    );
  });
});

describe.skipIf(!onPostgres)("db-kit on PostgreSQL (TEST_DB=postgres)", () => {
  const name = `roster_dbkit_${process.pid}_${Date.now()}`;
  const url = (() => {
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const admin = () => {
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = "/postgres";
    return new pg.Client({ connectionString: u.toString() });
  };
  const exists = async () => {
    const client = admin();
    await client.connect();
    try {
      return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    const client = admin();
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });

  it("creates a database that does not exist; two runners starting together apply each migration once; a second run applies nothing", async () => {
    expect(await exists()).toBe(false);
    const [a, b] = await Promise.all([
      openDatabase({ kind: "postgres", url, poolSize: 2 }, { schema, migrations: plan }),
      openDatabase({ kind: "postgres", url, poolSize: 2 }, { schema, migrations: plan }),
    ]);
    try {
      expect(await exists()).toBe(true);
      expect(a.kind).toBe("postgres");
      expect([...a.applied, ...b.applied].sort()).toEqual(["0001_items.sql", "0002_more.sql"]);
      await expectMigratedOnce(a);
    } finally {
      await a.close();
      await b.close();
    }
    const again = await openDatabase({ kind: "postgres", url }, { schema, migrations: plan });
    try {
      expect(again.applied).toEqual([]);
      await expectMigratedOnce(again);
    } finally {
      await again.close();
    }
    // Creating it again is a no-op, also when two processes race.
    await Promise.all([ensurePostgresDatabase(url), ensurePostgresDatabase(url)]);
  });

  it("names the setting and hides the password when the server cannot be reached", async () => {
    const bad = "postgres://postgres:s3cret@127.0.0.1:1/roster_nowhere";
    const error = await openDatabase(
      { kind: "postgres", url: bad },
      { schema, migrations: plan, urlSetting: "CONSOLE_DATABASE_URL" },
    ).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^CONSOLE_DATABASE_URL: cannot reach postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/roster_nowhere/,
    );
    expect((error as Error).message).not.toContain("s3cret");
  });
});

describe("redactUrl", () => {
  it("masks the password only", () => {
    expect(redactUrl("postgres://u:pw@h:5432/db")).toBe("postgres://u:***@h:5432/db");
    expect(redactUrl("postgres://u@h/db")).toBe("postgres://u@h/db");
    expect(redactUrl("not a url")).toBe("(invalid URL)");
  });
});
