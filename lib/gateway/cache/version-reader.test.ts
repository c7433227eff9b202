import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_URL, TEST_DB_KIND } from "@/test-support/gateway/harness";
import { openDatabase, type Database } from "../db/client";
import { bindExecuteSync, createVersionReader, textArrayLiteral, VERSIONS_STATEMENT } from "./version-reader";
import { getVersionTracker } from "./versions";

// The barrier's read on its own connection (version-reader.ts; api-hot-read-fast-path.md, Follow-up
// "the barrier's read"): the hand-built protocol messages against the real server, a write committed
// before a read is seen by it, a lost connection or a failed statement fails only its read, and the
// pool's end closes the connection.

describe("the version read's messages", () => {
  it("a text array literal quotes and escapes every key", () => {
    expect(textArrayLiteral(["auth", "c:1"])).toBe('{"auth","c:1"}');
    expect(textArrayLiteral(['a"b', "c\\d", ""])).toBe('{"a\\"b","c\\\\d",""}');
  });

  it("Bind, Execute and Sync with their lengths", () => {
    const keys = ["global"];
    const buf = bindExecuteSync(keys);
    const param = '{"global"}';
    const bindLength = 4 + 1 + VERSIONS_STATEMENT.length + 1 + 2 + 2 + 4 + param.length + 2;
    expect(buf[0]).toBe(0x42);
    expect(buf.readInt32BE(1)).toBe(bindLength);
    expect(buf.subarray(1 + bindLength).toString("latin1")).toBe("E\0\0\0\x09\0\0\0\0\0S\0\0\0\x04");
    expect(buf.includes(Buffer.from(param))).toBe(true);
  });
});

describe.runIf(TEST_DB_KIND === "postgres")("the version read on PostgreSQL", () => {
  const url = (() => {
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `${u.pathname}_version_reader_${process.pid}`;
    return u.toString();
  })();
  let database: Database;
  let admin: pg.Client;
  const setVersion = (key: string, version: number) =>
    admin.query("INSERT INTO cache_versions (key, version) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version", [
      key,
      version,
    ]);
  const readerPids = async () =>
    (
      await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%FROM cache_versions WHERE key = ANY%'",
      )
    ).rows.map((r) => r.pid);

  beforeAll(async () => {
    database = await openDatabase({ kind: "postgres", url });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    const server = new URL(url);
    server.pathname = "/postgres";
    const drop = new pg.Client({ connectionString: server.toString() });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
    await drop.end();
  });

  it("reads the versions committed before it, keys with quotes included, and reconnects after a lost connection", async () => {
    const reader = createVersionReader(() => new pg.Client({ connectionString: url }));
    try {
      const odd = 'c:"quoted"\\x';
      await setVersion("global", 3);
      await setVersion(odd, 5);
      const first = await reader.query(["global", odd, "c:absent"]);
      expect(Object.fromEntries(first.map((r) => [r.key, r.version]))).toEqual({ global: "3", [odd]: "5" });
      await setVersion("global", 4);
      expect((await reader.query(["global"])).map((r) => r.version)).toEqual(["4"]);
      // The server ends the connection: the next read opens another (and parses the statement again).
      const [pid] = await readerPids();
      expect(pid).toBeGreaterThan(0);
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      await setVersion("global", 6);
      let after: Awaited<ReturnType<typeof reader.query>> | undefined;
      for (let i = 0; i < 5 && !after; i++) after = await reader.query(["global"]).catch(() => undefined);
      expect(after?.map((r) => r.version)).toEqual(["6"]);
      expect(await readerPids()).not.toContain(pid);
    } finally {
      await reader.close();
    }
  });

  it("a failed statement fails its read only; the next read works", async () => {
    await admin.query("ALTER TABLE cache_versions RENAME TO cache_versions_away");
    const reader = createVersionReader(() => new pg.Client({ connectionString: url }));
    try {
      await expect(reader.query(["global"])).rejects.toThrow(/cache_versions/);
      await admin.query("ALTER TABLE cache_versions_away RENAME TO cache_versions");
      await setVersion("global", 9);
      expect((await reader.query(["global"])).map((r) => r.version)).toEqual(["9"]);
    } finally {
      await admin.query("ALTER TABLE IF EXISTS cache_versions_away RENAME TO cache_versions");
      await reader.close();
    }
  });

  it("the tracker's connection is not the pool's, and the pool's end closes it", async () => {
    const other = await openDatabase({ kind: "postgres", url });
    const tracker = await getVersionTracker(other.db);
    await setVersion("auth", 11);
    expect((await tracker.read(["auth"])).get("auth")).toBe(11);
    const before = await readerPids();
    expect(before.length).toBeGreaterThan(0);
    await other.close();
    // The backend may take a moment to go once its client said goodbye.
    let left = before;
    for (let i = 0; i < 50 && left.some((p) => before.includes(p)); i++) {
      await new Promise((r) => setTimeout(r, 20));
      left = await readerPids();
    }
    expect(left.filter((p) => before.includes(p))).toEqual([]);
  });
});
