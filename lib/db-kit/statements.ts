import "server-only";
import { fillPlaceholders, type Query } from "drizzle-orm";

// Statements of a hot read whose SQL text depends only on its shape (which filters are present, how
// many values a list filter holds): built by drizzle once per shape with a placeholder for every
// value, then run by the driver itself with the rows aggregated into one JSON text
// (docs/decisions/bench-api-scale.md, Follow-up "the list's statement by shape, rows as one JSON").
//
// Why: building a select through drizzle on each request (its SQL chunks, names, parameters) and
// mapping each row back through drizzle's field paths was a third of the API list's allocation;
// and PGlite decodes each field of each row on its own (a copy of its bytes into a new ArrayBuffer,
// then a TextDecoder call: 340 of each for a 20-row page of 17 columns), the largest JavaScript cost
// of a list request. One JSON text is one copy and one decode, and JSON.parse is native.
//
// The values are JSON's: text, uuid → string; numeric, bigint, integer → number; json(b) → the
// value; timestamps and dates → strings in JSON's ISO form (not drizzle's). The rows keep the
// statement's order: the aggregate reads a sorted subquery with nothing else at its level, which
// PostgreSQL keeps in order (the manual, "Aggregate Functions").

/** A built statement: SQL text and its parameters, placeholders among them. */
export type BuiltStatement = Pick<Query, "sql" | "params">;

interface ArrayQueryClient {
  query(text: string, params: unknown[], options: { rowMode: "array" }): Promise<{ rows: unknown[][] }>;
}
interface PgPoolLike {
  query(config: { text: string; values: unknown[]; rowMode: "array" }): Promise<{ rows: unknown[][] }>;
}

/** `statement` as one row of one column: its rows as a JSON array of arrays of `columns` values. */
export function asJsonRows(statement: string, columns: number): string {
  if (!Number.isInteger(columns) || columns < 1 || columns > 100)
    throw new Error(`columns must be 1..100 (json_build_array), got ${columns}`);
  const names = Array.from({ length: columns }, (_, i) => `c${i}`);
  return `SELECT coalesce(json_agg(json_build_array(${names.map((n) => `p.${n}`).join(", ")})), '[]')::text FROM (${statement}) AS p(${names.join(", ")})`;
}

/** The single value of a statement's single row, on the database under a drizzle handle of `openDatabase`. */
async function queryScalar(db: unknown, text: string, params: unknown[]): Promise<unknown> {
  const client = (db as { $client?: unknown } | null)?.$client;
  if (!client || typeof (client as { query?: unknown }).query !== "function")
    throw new Error("a statement runs on a drizzle database opened by openDatabase");
  // PGlite (drizzle's client of it) takes the text and values apart; node-postgres's pool one config.
  const result =
    "waitReady" in (client as object)
      ? await (client as ArrayQueryClient).query(text, params, { rowMode: "array" })
      : await (client as PgPoolLike).query({ text, values: params, rowMode: "array" });
  return result.rows[0]?.[0];
}

/**
 * Statements by shape: `rows(db, shape, build, values)` builds the shape's statement once (`build`
 * returns drizzle's `toSQL()` of a query of `columns` columns whose every value is
 * `sql.placeholder(name)`), then fills the placeholders from `values` and answers the rows as arrays
 * of JSON values. At most `max` shapes are kept (the least recently used is dropped): a shape names
 * only which values are present, so real traffic has few.
 */
export function createStatementCache(options: { columns: number; max?: number }) {
  const { columns, max = 64 } = options;
  const statements = new Map<string, BuiltStatement>();
  return {
    async rows(db: unknown, shape: string, build: () => BuiltStatement, values: Record<string, unknown>): Promise<unknown[][]> {
      let statement = statements.get(shape);
      if (statement) statements.delete(shape);
      else {
        const built = build();
        statement = { sql: asJsonRows(built.sql, columns), params: built.params };
      }
      statements.set(shape, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      const text = await queryScalar(db, statement.sql, fillPlaceholders(statement.params, values));
      return JSON.parse(text as string) as unknown[][];
    },
    /** How many shapes are kept. */
    get size() {
      return statements.size;
    },
  };
}
