import "server-only";
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Db } from "../db/client";
import { createVersionReader, VERSIONS_SQL } from "./version-reader";

// Versions of cached data (docs/decisions/api-read-path-cache.md). Every write transaction bumps, by
// trigger, the row of cache_versions of each company it touched ('c:<id>'), 'global' for rows of no
// company and 'auth' for the token tables (migration 0007). A cache entry keeps the versions it was
// filled at; a different version is a miss.
//
// - PGlite: the database belongs to this process, so the versions live in memory, moved by the
//   triggers' pg_notify, which PGlite delivers before the write's COMMIT resolves: the write's
//   answer is never sent before the caches of this process have forgotten the old data.
// - PostgreSQL: other instances write too, so a request reads the rows of its keys, through a
//   barrier: each request waits for a read that *started after it arrived* (linearizable: every
//   write acknowledged before the request is seen), and one read serves all requests that
//   arrived before it started; one read at a time (under load, one single-row-ish query per
//   round trip instead of one per request), on a connection of its own (./version-reader.ts).

export type VersionKey = string;
export const AUTH_KEY = "auth";
export const GLOBAL_KEY = "global";
export const companyKey = (companyId: string) => `c:${companyId}`;

export interface VersionTracker {
  /** Versions of these keys as of a moment after the call (missing keys are 0). */
  read(keys: readonly VersionKey[]): Promise<ReadonlyMap<VersionKey, number>> | ReadonlyMap<VersionKey, number>;
  readonly kind: "memory" | "database";
}

class MemoryVersions implements VersionTracker {
  readonly kind = "memory" as const;
  private readonly versions = new Map<VersionKey, number>();
  /** (Every stamp includes GLOBAL_KEY: a write of no company, or a TRUNCATE, forgets every company.) */
  bump(key: VersionKey): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }
  read(): ReadonlyMap<VersionKey, number> {
    return this.versions;
  }
}

export type QueryRows = (keys: VersionKey[]) => Promise<Array<{ key: string; version: string | number }>>;

/**
 * Reads in flight at once. One read serves every request that arrived before it started. Two (a
 * request then waits one round trip, not the rest of a running read and a whole next one) measured
 * no better on 2 shared cores, twice (api-hot-read-fast-path.md, bench-api-overhead.md): the extra
 * queries compete with the API for the same cores.
 */
const READS_IN_FLIGHT = 1;

/** The PostgreSQL tracker over a query of version rows (exported for its tests). */
export const createBarrierVersions = (query: QueryRows): VersionTracker => new BarrierVersions(query);

/** The read every request waiting now shares: one promise and one key set per read. */
interface Pending {
  keys: Set<VersionKey>;
  promise: Promise<ReadonlyMap<VersionKey, number>>;
  resolve: (m: ReadonlyMap<VersionKey, number>) => void;
  reject: (e: unknown) => void;
}

class BarrierVersions implements VersionTracker {
  readonly kind = "database" as const;
  private inFlight = 0;
  /** The read that requests arriving now wait for: it starts after they arrived. */
  private next: Pending | null = null;
  constructor(private readonly query: QueryRows) {}

  read(keys: readonly VersionKey[]): Promise<ReadonlyMap<VersionKey, number>> {
    let next = this.next;
    if (next === null) {
      let resolve!: Pending["resolve"];
      let reject!: Pending["reject"];
      const promise = new Promise<ReadonlyMap<VersionKey, number>>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      next = this.next = { keys: new Set(), promise, resolve, reject };
    }
    for (const k of keys) next.keys.add(k);
    if (this.inFlight < READS_IN_FLIGHT) void this.start();
    return next.promise;
  }

  /** One read for every request waiting now (each resolved only by a read that started after it arrived). */
  private async start(): Promise<void> {
    const pending = this.next!;
    this.next = null;
    this.inFlight++;
    try {
      const rows = await this.query([...pending.keys]);
      const map = new Map<VersionKey, number>();
      for (const r of rows) map.set(r.key, Number(r.version));
      pending.resolve(map);
    } catch (error) {
      pending.reject(error);
    } finally {
      this.inFlight--;
      if (this.next !== null && this.inFlight < READS_IN_FLIGHT) void this.start();
    }
  }
}

const trackers = new WeakMap<object, Promise<VersionTracker>>();
const ready = new WeakMap<object, VersionTracker>();

const holderOf = (db: Db) => ((db as unknown as { $client?: object }).$client ?? db) as object;

/** The tracker once it is ready (no await on the hot path), else undefined. */
export function readyVersionTracker(db: Db): VersionTracker | undefined {
  return ready.get(holderOf(db));
}

/** The tracker of a database handle (one per handle: every gateway on it shares it). */
export function getVersionTracker(db: Db): Promise<VersionTracker> {
  const client = (db as unknown as { $client: unknown }).$client;
  const holder = (client ?? db) as object;
  let tracker = trackers.get(holder);
  if (!tracker) {
    tracker = createTracker(client);
    trackers.set(holder, tracker);
    void tracker.then(
      (t) => ready.set(holder, t),
      () => undefined,
    );
  }
  return tracker;
}

async function createTracker(client: unknown): Promise<VersionTracker> {
  if (client instanceof PGlite) {
    const memory = new MemoryVersions();
    await client.listen("roster_versions", (payload) => memory.bump(payload));
    return memory;
  }
  // PostgreSQL: the barrier reads on a connection of its own (./version-reader.ts), made with the
  // pool's settings; the pool's end ends it too, so closing the database closes everything it opened.
  const pool = client as pg.Pool & { Client: new (options: unknown) => pg.Client; options: unknown };
  const reader = createVersionReader(() => new pool.Client(pool.options));
  const end = pool.end.bind(pool) as () => Promise<void>;
  pool.end = (async () => {
    await reader.close();
    return end();
  }) as pg.Pool["end"];
  const observers = new Set<(statement: string) => void>();
  readObservers.set(pool, observers);
  return new BarrierVersions((keys) => {
    for (const observe of observers) observe(VERSIONS_SQL);
    return reader.query(keys);
  });
}

/** Per PostgreSQL pool: who is told of each version read on its dedicated connection (tests). */
const readObservers = new WeakMap<object, Set<(statement: string) => void>>();

/**
 * Tests (statement recorders): `observer` gets the SQL text of each version read this handle's
 * tracker sends on its own connection (PostgreSQL; reads that do not go through the pool). Returns
 * the function that stops it.
 */
export async function observeVersionReads(db: Db, observer: (statement: string) => void): Promise<() => void> {
  await getVersionTracker(db);
  const observers = readObservers.get(holderOf(db));
  observers?.add(observer);
  return () => observers?.delete(observer);
}

/** Two reads of the same keys are the same data when this string is equal. */
export function versionStamp(versions: ReadonlyMap<VersionKey, number>, keys: readonly VersionKey[]): string {
  let s = "";
  for (const k of keys) s += `${versions.get(k) ?? 0},`;
  return s;
}
