import "server-only";
import type pg from "pg";

// The PostgreSQL version read of the barrier (./versions.ts, docs/decisions/api-hot-read-fast-path.md,
// Follow-up "the barrier's read"): every hot request on PostgreSQL waits for one of these, so its cost
// is paid about once per event-loop turn under load. Instead of `pool.query` (a pool checkout and
// release, a Query and a Result object, the array parameter mapped, Bind/Describe/Execute/Sync
// serialised, a RowDescription parsed, type parsers per field), the read runs on a connection of its
// own, not taken from the pool, as a pg "submittable": the first read sends the Parse of a named
// statement, every read writes one prebuilt Bind/Execute/Sync buffer (rebuilt only when the keys
// change) in one write, and the data rows' text fields are taken as they are parsed.
//
// Same statement and same semantics as before: an autocommit `SELECT` whose snapshot is taken when
// it starts, so it sees every transaction committed before it was sent.

export const VERSIONS_STATEMENT = "roster_cache_versions";
export const VERSIONS_SQL = "SELECT key, version FROM cache_versions WHERE key = ANY($1::text[])";

export type VersionRows = Array<{ key: string; version: string }>;

/** pg.Client's ref/unref of its socket (not in @types/pg). */
type Client = pg.Client & { ref(): void; unref(): void };

/** What a pg.Client hands a submittable (the parts used here). */
interface Connection {
  stream: { write(chunk: Buffer): boolean };
  parse(query: { name: string; text: string; types: unknown[] }): void;
}

/** A PostgreSQL text array literal of the keys ({"a","b"}), each element quoted and escaped. */
export function textArrayLiteral(keys: readonly string[]): string {
  let s = "{";
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) s += ",";
    s += `"${keys[i]!.replace(/["\\]/g, "\\$&")}"`;
  }
  return `${s}}`;
}

const EXECUTE = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]); // Execute: unnamed portal, all rows
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

/** Bind (unnamed portal, the named statement, one text parameter, text results), Execute, Sync. */
export function bindExecuteSync(keys: readonly string[]): Buffer {
  const param = Buffer.from(textArrayLiteral(keys), "utf8");
  const statement = Buffer.from(`${VERSIONS_STATEMENT}\0`, "latin1");
  // length, portal "\0", statement, 0 parameter formats, 1 parameter, its length and bytes, 0 result formats
  const length = 4 + 1 + statement.length + 2 + 2 + 4 + param.length + 2;
  const out = Buffer.alloc(1 + length + EXECUTE.length + SYNC.length);
  let o = out.writeUInt8(0x42, 0);
  o = out.writeInt32BE(length, o);
  o = out.writeUInt8(0, o);
  o += statement.copy(out, o);
  o = out.writeInt16BE(0, o);
  o = out.writeInt16BE(1, o);
  o = out.writeInt32BE(param.length, o);
  o += param.copy(out, o);
  o = out.writeInt16BE(0, o);
  o += EXECUTE.copy(out, o);
  SYNC.copy(out, o);
  return out;
}

export interface VersionReader {
  query(keys: string[]): Promise<VersionRows>;
  /** Ends the connection (the pool's end does it: ./versions.ts). */
  close(): Promise<void>;
}

/**
 * Reads of version rows on one dedicated connection made by `connect` (a pg.Client, not connected
 * yet). The connection is opened on the first read, and again after it failed or was closed by the
 * server; a read in flight when it fails is rejected. Between reads the socket does not keep the
 * process alive.
 */
export function createVersionReader(connect: () => pg.Client): VersionReader {
  let current: Promise<Client> | null = null;
  let closed = false;
  let lastKeys: string[] = [];
  let lastMessage: Buffer | null = null;

  const message = (keys: string[]) => {
    if (lastMessage === null || keys.length !== lastKeys.length || keys.some((k, i) => k !== lastKeys[i])) {
      lastMessage = bindExecuteSync(keys);
      lastKeys = keys;
    }
    return lastMessage;
  };

  function client(): Promise<Client> {
    if (current) return current;
    const c = connect() as Client;
    const opened = c.connect().then(() => {
      c.unref();
      return c;
    });
    const forget = () => {
      if (current === opened) current = null;
    };
    // A lost connection (server restart, idle timeout, a dropped database) fails its read, if one is in
    // flight, and the next read opens a new one.
    c.on("error", forget);
    c.on("end", forget);
    current = opened;
    opened.catch(forget);
    return opened;
  }

  /** Connections whose Parse of the statement was sent (a failed read ends its connection). */
  const prepared = new WeakSet<pg.Client>();

  /** After a failed read the connection is ended: the next read opens a new one and parses again. */
  function discard(c: pg.Client) {
    if (current !== null)
      void current.then(
        (open) => open === c && (current = null),
        () => undefined,
      );
    c.end().catch(() => undefined);
  }

  return {
    async query(keys) {
      if (closed) throw new Error("the version reader is closed");
      const c = await client();
      return new Promise<VersionRows>((resolve, reject) => {
        const rows: VersionRows = [];
        let failed: unknown = null;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          c.unref();
          if (failed === null) return resolve(rows);
          discard(c);
          reject(failed instanceof Error ? failed : new Error(String(failed)));
        };
        const submittable = {
          submit(connection: Connection) {
            // Parsed once per connection: its Parse goes first, in the same write burst.
            if (!prepared.has(c)) {
              connection.parse({ name: VERSIONS_STATEMENT, text: VERSIONS_SQL, types: [] });
              prepared.add(c);
            }
            connection.stream.write(message(keys));
          },
          handleRowDescription() {},
          handleDataRow(msg: { fields: Array<string | null> }) {
            rows.push({ key: msg.fields[0]!, version: msg.fields[1]! });
          },
          handleCommandComplete() {},
          handleEmptyQuery() {},
          handlePortalSuspended() {},
          handleError(error: unknown) {
            // A statement's error (pg then forgets this read: its ReadyForQuery goes to no one) or a
            // lost connection.
            failed ??= error;
            finish();
          },
          handleReadyForQuery() {
            finish();
          },
        };
        c.ref();
        c.query(submittable as unknown as pg.Submittable);
      });
    },
    async close() {
      closed = true;
      const c = current;
      current = null;
      if (c) await c.then((client) => client.end()).catch(() => undefined);
    },
  };
}
