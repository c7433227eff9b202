import "server-only";
import type { ConsoleSession } from "../../session-types";
import {
  iterateReadModelEmployments,
  listReadModelEmployments,
  READMODEL_SORTS,
  type ReadModelEmployment,
  type ReadModelQuery,
  type ReadModelScope,
  type ReadModelSort,
} from "../readmodel/query";
import type { ExportSource, ExportSourceInput } from "./handler";

// The source of a read-model list's export (the company's employments, the partner's employments
// across companies): the console's own copy of the lists, read with iterateReadModelEmployments in
// the query's order (sort, then company and employment id), a batch of 500 at a time. No API call.

export type ReadModelExportQuery = Omit<ReadModelQuery, "page" | "page_size">;

/**
 * The scope of the session: a company admin's (or an operator's chosen company's) rows, or, for an
 * operator in the partner view, the companies whose grant is live (narrowed to `companyIds` when the
 * list is filtered to one company). A session of neither kind reads nothing.
 */
export function readModelScopeOf(session: ConsoleSession, companyIds?: readonly string[]): ReadModelScope {
  if (session.company) return { kind: "company", environment: session.environment, companyId: session.company.id };
  if (session.kind === "operator") return { kind: "partner", environment: session.environment, companyIds };
  return { kind: "partner", environment: session.environment, companyIds: [] };
}

/** A sort key and order of a list's state (`sort`, `order` as the sort control writes them), when valid. */
export function readModelSortOf(state: Record<string, unknown>): Pick<ReadModelQuery, "sort" | "order"> {
  const sort =
    typeof state.sort === "string" && (READMODEL_SORTS as readonly string[]).includes(state.sort)
      ? (state.sort as ReadModelSort)
      : undefined;
  const order = state.order === "desc" ? "desc" : state.order === "asc" ? "asc" : undefined;
  return { ...(sort ? { sort } : {}), ...(order ? { order } : {}) };
}

export interface ReadModelSourceSpec<S> {
  /** The read-model query of the list's state: its filters, search and sort, exactly as its page reads them. */
  queryOf: (state: S) => ReadModelExportQuery;
  /** The scope (default: readModelScopeOf(session)). */
  scopeOf?: (session: ConsoleSession, state: S) => ReadModelScope;
  batchSize?: number;
}

export function readModelSource<S>(spec: ReadModelSourceSpec<S>) {
  return async ({ db, session, state, signal }: ExportSourceInput<S>): Promise<ExportSource<ReadModelEmployment, undefined>> => {
    const scope = spec.scopeOf ? spec.scopeOf(session, state) : readModelScopeOf(session);
    const query = spec.queryOf(state);
    const { total_count } = await listReadModelEmployments(db, scope, { ...query, page: 1, page_size: 1 });
    async function* batches(): AsyncGenerator<readonly ReadModelEmployment[]> {
      // A sync may move rows between two batches (offsets over a changing table): each row is written once.
      const seen = new Set<string>();
      for await (const batch of iterateReadModelEmployments(db, scope, query, spec.batchSize)) {
        if (signal.aborted) return;
        const fresh = batch.filter((e) => {
          const key = `${e.company.id}/${e.id}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        if (fresh.length > 0) yield fresh;
      }
    }
    return { total: total_count, context: undefined, batches: batches() };
  };
}
