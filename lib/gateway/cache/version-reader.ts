import "server-only";
import type pg from "pg";

// The PostgreSQL version read of the barrier (./versions.ts, docs/decisions/api-hot-read-fast-path.md,
// Follow-up "the barrier's read"): every hot request on PostgreSQL waits for one of these, so its cost
// is paid about once per event-loop turn under load. Instead of `pool.query` (a pool checkout and
// release, a Query and a Result object, the array parameter mapped, Bind/Describe/Execute/Sync
// serialised, a RowDescription parsed, type parsers per field), the read runs on a connection of its
// own, not taken from the pool: the first read sends the Parse of a named statement, every read
// writes one prebuilt Bind/Execute/Sync buffer (rebuilt only when the keys change) in one write, and
// the data rows' text fields are taken as pg's protocol parser hands them over.
//
// Same statement and same semantics as before: an autocommit `SELECT` whose snapshot is taken when
// it starts, so it sees every transaction committed before it was sent.

export const VERSIONS_STATEMENT = "roster_cache_versions";
export const VERSIONS_SQL = "SELECT key, version FROM cache_versions WHERE key = ANY($1::text[])";

export type VersionRows = Array<{ key: string; version: string }>;

/** pg.Client's ref/unref of its socket (not in @types/pg). */
type Client = pg.Client & { ref(): void; unref(): void };

/** pg.Client's connection (the part used here). */
interface Connection {
  stream: { write(chunk: Buffer): boolean };
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

/** Parse of the named statement (no parameter types given). */
export function parseMessage(): Buffer {
  const body = Buffer.from(`${VERSIONS_STATEMENT}\0${VERSIONS_SQL}\0\0\0`, "utf8");
  const out = Buffer.alloc(5 + body.length);
  out.writeUInt8(0x50, 0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
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

/** The messages of the backend that answer reads: the reader, not the pg.Client, handles them once connected. */
const READ_EVENTS = [
  "errorMessage",
  "readyForQuery",
  "rowDescription",
  "dataRow",
  "portalSuspended",
  "emptyQuery",
  "commandComplete",
  "parseComplete",
  "copyInResponse",
  "copyData",
] as const;

interface Read {
  rows: VersionRows;
  resolve: (rows: VersionRows) => void;
  reject: (error: unknown) => void;
}

interface Link {
  client: Client;
  stream: { write(chunk: Buffer): boolean };
  /** Reads written and not answered yet, oldest first (the backend answers in order, one ReadyForQuery each). */
  reads: Read[];
  parsed: boolean;
  dead: boolean;
}

/**
 * Reads of version rows on one dedicated connection made by `connect` (a pg.Client, not connected
 * yet). pg.Client authenticates (and sets up TLS); then the reader writes its messages to the socket
 * itself and handles the answers, so reads can be pipelined: a read is written at once even while
 * others are in flight, and the backend answers them in order (each has its own Sync, so a failed
 * statement fails only its read). A read is still a statement whose snapshot is taken when the
 * backend starts it, after it was written. The connection is opened on the first read, and again
 * after it failed or was closed by the server (the reads in flight then fail). Between reads the
 * socket does not keep the process alive.
 */
export function createVersionReader(connect: () => pg.Client): VersionReader {
  let current: Promise<Link> | null = null;
  /** The link `current` resolved to (so a failed link is forgotten at once). */
  let live: Link | null = null;
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

  function fail(link: Link, error: unknown) {
    if (link.dead) return;
    link.dead = true;
    if (live === link) {
      live = null;
      current = null;
    }
    for (const read of link.reads.splice(0)) read.reject(error);
    link.client.end().catch(() => undefined);
  }

  function open(): Promise<Link> {
    if (current) return current;
    const client = connect() as Client;
    const opened = client.connect().then(() => {
      const connection = (client as unknown as { connection: Connection & NodeJS.EventEmitter }).connection;
      const link: Link = { client, stream: connection.stream, reads: [], parsed: false, dead: false };
      for (const event of READ_EVENTS) connection.removeAllListeners(event);
      connection.on("dataRow", (msg: { fields: Array<string | null> }) => {
        link.reads[0]?.rows.push({ key: msg.fields[0]!, version: msg.fields[1]! });
      });
      // Any error (a failed statement, a terminated backend) fails the reads in flight and ends the
      // connection: the next read opens a new one, which parses the statement again.
      connection.on("errorMessage", (error: unknown) => fail(link, error));
      connection.on("readyForQuery", () => {
        const read = link.reads.shift();
        if (link.reads.length === 0) client.unref();
        read?.resolve(read.rows);
      });
      client.unref();
      if (current === opened) live = link;
      return link;
    });
    // A lost connection (server restart, idle timeout, a dropped database) fails its reads in flight,
    // and the next read opens a new one.
    const lost = (error?: unknown) =>
      void opened.then(
        (link) => fail(link, error ?? new Error("the version connection ended")),
        () => undefined,
      );
    client.on("error", lost);
    client.on("end", lost);
    current = opened;
    opened.catch(() => {
      if (current === opened) current = null;
    });
    return opened;
  }

  return {
    async query(keys) {
      if (closed) throw new Error("the version reader is closed");
      let link = await open();
      // (Lost between its opening and this read: open another.)
      if (link.dead) link = await open();
      if (link.dead) throw new Error("the version connection ended");
      return new Promise<VersionRows>((resolve, reject) => {
        const bytes = message(keys);
        // Parsed once per connection: its Parse goes first, in the same write.
        const out = link.parsed ? bytes : Buffer.concat([parseMessage(), bytes]);
        link.parsed = true;
        link.reads.push({ rows: [], resolve, reject });
        if (link.reads.length === 1) link.client.ref();
        link.stream.write(out);
      });
    },
    async close() {
      closed = true;
      const c = current;
      current = null;
      live = null;
      if (c) await c.then((link) => link.client.end()).catch(() => undefined);
    },
  };
}
