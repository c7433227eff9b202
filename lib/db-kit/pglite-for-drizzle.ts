import "server-only";
import { types, type PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

// drizzle's PGlite driver (drizzle-orm/pglite/session.js) passes its own `parsers` with every
// statement: timestamps, dates, intervals and their arrays stay PostgreSQL's text, which drizzle's
// columns then map. PGlite 0.5 answers a `parsers` option by copying the instance's whole parser
// table (318 entries, `{...this.parsers, ...options.parsers}`) for each statement: ~120 KB of garbage
// per statement, 40 % of an API list request's allocation (docs/decisions/bench-api-scale.md).
// Without the option PGlite reads `this.parsers` as it is. So the instance's own table takes
// drizzle's overrides once, and drizzle gets a client that leaves the option out: the same parsers,
// no copy.

/** drizzle's overrides: these types are read as PostgreSQL's text (drizzle-orm/pglite/session.js). */
export const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE] as const;
/** drizzle's array overrides (numeric[], timestamp[], timestamptz[], interval[], date[]) and their elements. */
export const DRIZZLE_TEXT_ARRAYS: Readonly<Record<number, number>> = {
  1231: types.NUMERIC,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};
export const DRIZZLE_TEXT_OIDS: readonly number[] = [...DRIZZLE_TEXT_TYPES, ...Object.keys(DRIZZLE_TEXT_ARRAYS).map(Number)];

type Parsers = NonNullable<QueryOptions["parsers"]>;
type Parser = Parsers[number];

/** PGlite's raw connection with PGlite's own parsing (timestamps and dates as `Date`). */
export type PlainPGlite = Pick<PGlite, "query" | "exec">;

/**
 * Drizzle's client → its plain handle, one registry per process under a global symbol: Next.js
 * bundles server code into several chunks, each with its own copy of this module, and the chunk that
 * opened the database is rarely the one asking (the console's job queue found nothing).
 */
const REGISTRY = Symbol.for("roster.db-kit.plainPGliteHandles");
const plainHandles: WeakMap<object, PlainPGlite> = ((globalThis as unknown as Record<symbol, WeakMap<object, PlainPGlite>>)[REGISTRY] ??=
  new WeakMap());

/**
 * The PGlite connection under a drizzle handle opened by `openDatabase`, parsing as an untouched
 * PGlite does (timestamps and dates as `Date`): for raw SQL outside drizzle, such as pg-boss's adapter.
 * `db.$client` is drizzle's client and reads those types as text. Undefined for PostgreSQL.
 */
export function plainPGliteOf(db: unknown): PlainPGlite | undefined {
  const client = (db as { $client?: object } | null)?.$client;
  return client ? plainHandles.get(client) : undefined;
}

const identity: Parser = (value: string) => value;

function withoutParsers<T extends QueryOptions | undefined>(options: T): T {
  if (!options?.parsers) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest as T;
}

/**
 * Installs drizzle's overrides in a ready instance's parser table and returns the client to hand
 * drizzle: the instance itself (so `instanceof PGlite`, `listen`, and anything set on it work) whose
 * `query` and whose transactions' `query` leave out the `parsers` option. Methods are bound to the
 * instance: PGlite keeps private state keyed on the real `this`.
 */
/**
 * Sees every statement that goes through the handles `pgliteForDrizzle` gives (drizzle's facade,
 * its transactions, the plain handle): `statement` runs one, `transaction` runs one transaction's
 * callback with the `statement` its statements go through (./write-epoch.ts moves the process's
 * write epoch this way).
 */
export interface StatementObserver {
  statement<R>(sql: string, run: () => Promise<R>): Promise<R>;
  transaction<T>(body: (statement: StatementObserver["statement"]) => Promise<T>): Promise<T>;
}

const unobserved: StatementObserver = {
  statement: (_sql, run) => run(),
  transaction: (body) => body((_sql, run) => run()),
};

export async function pgliteForDrizzle(client: PGlite, observer: StatementObserver = unobserved): Promise<PGlite> {
  // PGlite registers its array types during start-up (before `waitReady` resolves); they must be in
  // the table before the overrides go in, or a later registration would replace them.
  const arrays = Object.keys(DRIZZLE_TEXT_ARRAYS).map(Number);
  if (!arrays.every((oid) => oid in client.parsers)) await client.refreshArrayTypes();

  // PGlite's own parsers for these types, kept for the plain handle.
  const original = new Map<number, Parser | undefined>(DRIZZLE_TEXT_OIDS.map((oid) => [oid, client.parsers[oid]]));
  const plainParsers: Parsers = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    // An absent entry stays absent in effect: PGlite falls back to its defaults for undefined.
    plainParsers[oid] = original.get(oid) as Parser;
  }
  for (const [arrayOid, elementOid] of Object.entries(DRIZZLE_TEXT_ARRAYS)) {
    // PGlite's array parser reads its element's parser from the instance table when called, which
    // now holds drizzle's text reading: pass the element's original parser explicitly instead.
    const element = original.get(elementOid);
    const typarray = Number(arrayOid);
    plainParsers[typarray] = (value: string) => types.arrayParser(value, element as Parser, typarray) as unknown;
  }

  const install = () => {
    for (const oid of DRIZZLE_TEXT_OIDS) client.parsers[oid] = identity;
  };
  install();

  const { statement } = observer;
  const plain: PlainPGlite = {
    query: (text, params, options) =>
      statement(text, () => client.query(text, params, { ...options, parsers: { ...plainParsers, ...options?.parsers } })),
    exec: (text, options) => statement(text, () => client.exec(text, { ...options, parsers: { ...plainParsers, ...options?.parsers } })),
  };

  const forDrizzleTx = (tx: Transaction, inTx: StatementObserver["statement"]): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: ((text: string, params?: unknown[], options?: QueryOptions) =>
        inTx(text, () => tx.query(text, params, withoutParsers(options)))) as Transaction["query"],
      exec: ((text: string, options?: QueryOptions) => inTx(text, () => tx.exec(text, options))) as Transaction["exec"],
    });

  // Own members: drizzle's entry points, and whatever a caller sets (tests wrap `query` to record
  // statements). Everything else is read from the instance, functions bound to it.
  const own = new Map<PropertyKey, unknown>([
    [
      "query",
      ((text: string, params?: unknown[], options?: QueryOptions) =>
        statement(text, () => client.query(text, params, withoutParsers(options)))) as PGlite["query"],
    ],
    ["exec", ((text: string, options?: QueryOptions) => statement(text, () => client.exec(text, options))) as PGlite["exec"]],
    [
      "transaction",
      (<T>(callback: (tx: Transaction) => Promise<T>) =>
        observer.transaction((inTx) => client.transaction((tx) => callback(forDrizzleTx(tx, inTx))))) as PGlite["transaction"],
    ],
    [
      "refreshArrayTypes",
      async () => {
        await client.refreshArrayTypes();
        install();
      },
    ],
  ]);
  const facade = new Proxy(client, {
    get(target, key) {
      if (own.has(key)) return own.get(key);
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      own.set(key, bound);
      return bound;
    },
    set(target, key, value: unknown) {
      if (typeof value === "function") {
        own.set(key, value);
        return true;
      }
      return Reflect.set(target, key, value);
    },
  });
  plainHandles.set(facade, plain);
  return facade;
}
