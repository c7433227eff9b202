import "server-only";
import type { AnyFilter, ListDefinition, ListState } from "@/lib/console/list";
import type { ConsoleSession } from "../../session-types";
import type { ApiClient } from "../api-client";
import { getAuthDeps, type AuthDeps } from "../auth/deps";
import { bffStream, type BffRouteHandler } from "../bff";
import type { ConsoleDb } from "../db/client";
import { actorOf, auditFilters, recordExportStart } from "./audit";
import { COLUMNS_PARAM, selectColumns, withoutHidden } from "./columns";
import { encodeNotice, EXPORT_NOTICE_HEADER, type MissingScopeNotice } from "@/lib/console/auth/missing-scope";
import { csvStream, headerOf, type CsvColumn } from "./csv";

// The export route of a list (docs/decisions/console-csv-export.md):
//
//   // app/api/bff/expenses/export/route.ts
//   export const GET = exportHandler({ list: expensesList, name: "expenses", columns: EXPENSE_EXPORT_COLUMNS, source: … });
//
// GET /api/bff/<list>/export?<the list's own URL query>&cols=<column ids>&scope_env=…&scope_company=…
// parses the list's URL state exactly as its page does (`list.parse`), takes the columns on screen
// (`cols`, else the list's defaults), asks the source for the total and the rows (the whole filtered
// and sorted list, never the page), records the export in the audit log, and streams the CSV with
// `x-total-count` so the browser can show "1,200 of 4,000 rows". The BFF's checks (session, tab
// scope) run first, as for every BFF route (`bffStream`).

/** The header the browser reads the list's total from. */
export const TOTAL_COUNT_HEADER = "x-total-count";

/** The rows of an export: the total when it starts, the batches in the list's order, and what columns need (names of employments…). */
export interface ExportSource<T, C> {
  total: number;
  context: C;
  batches: AsyncIterable<readonly T[]>;
  /**
   * What the file lacks and how to fix it (columns, by id, that the connection's scopes cannot fill):
   * answered in `x-export-notice` for the export's UI when one of those columns is exported, beside
   * the column's own header saying so in the file.
   */
  notice?: { columns: readonly string[]; notice: MissingScopeNotice } | null;
}

export interface ExportSourceInput<S> {
  /** Null where the export reads only the console's database (the partner view has no company client). */
  api: ApiClient | null;
  session: ConsoleSession;
  db: ConsoleDb;
  state: S;
  /** Aborted when the browser goes away (cancel, closed tab). */
  signal: AbortSignal;
}

export interface ExportSpec<F extends Record<string, AnyFilter>, T, C> {
  list: ListDefinition<F>;
  /** The file name's stem ("expenses" → expenses-2026-11-26.csv). */
  name: string;
  columns: readonly CsvColumn<T, C>[];
  /** The ids of the columns the list shows by default (default: every column). */
  defaultColumns?: readonly string[];
  source: (input: ExportSourceInput<ListState<F>>) => Promise<ExportSource<T, C>>;
}

const fileNameOf = (name: string, now: Date) => `${name.replace(/[^A-Za-z0-9-]/g, "-")}-${now.toISOString().slice(0, 10)}.csv`;

export interface ExportRequest {
  session: ConsoleSession;
  /** The session's API client (null for a source that reads only the console's database: the partner view). */
  api: ApiClient | null;
  deps: AuthDeps;
  params: URLSearchParams;
  signal: AbortSignal;
}

/**
 * The export's answer: the source's total and rows as a CSV stream, the audit entry written before
 * the first byte and completed when the stream ends. Errors thrown before streaming (the API refused
 * the first page) reach the caller, which answers them as the BFF does.
 */
export async function exportResponse<F extends Record<string, AnyFilter>, T, C>(
  spec: ExportSpec<F, T, C>,
  { session, api, deps, params, signal }: ExportRequest,
): Promise<Response> {
  const state = spec.list.parse(params);
  const columns = withoutHidden(selectColumns(spec.columns, params.get(COLUMNS_PARAM), spec.defaultColumns), state.hide);
  const source = await spec.source({ api, session, db: deps.db, state, signal });
  const notice = source.notice && columns.some((c) => source.notice!.columns.includes(c.id)) ? source.notice.notice : null;
  const finish = await recordExportStart({
    db: deps.db,
    environment: session.environment,
    company: session.company,
    actor: actorOf(session),
    list: spec.list.path,
    filters: auditFilters(spec.list, state),
    columns: columns.map((c) => headerOf(c, source.context)),
    total: source.total,
    now: deps.now,
  });
  const body = csvStream({
    columns,
    context: source.context,
    batches: source.batches,
    onEnd: async (outcome) => {
      if (outcome.kind === "failed")
        deps.logger.error(
          { event: "console.export_failed", list: spec.list.path, rows: outcome.rows, reason: (outcome.error as Error)?.message },
          "export failed",
        );
      await finish({ rows: outcome.rows, outcome: outcome.kind }).catch((error: unknown) =>
        deps.logger.error({ event: "console.audit_failed", list: spec.list.path, reason: (error as Error).message }, "audit write failed"),
      );
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileNameOf(spec.name, deps.now())}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      [TOTAL_COUNT_HEADER]: String(source.total),
      ...(notice ? { [EXPORT_NOTICE_HEADER]: encodeNotice(notice) } : {}),
    },
  });
}

/** The GET handler of a list's export route under app/api/bff (the BFF's checks, then exportResponse). */
export function exportHandler<F extends Record<string, AnyFilter>, T, C>(spec: ExportSpec<F, T, C>): BffRouteHandler {
  return bffStream(async ({ api, session, req }) =>
    exportResponse(spec, { session, api, deps: await getAuthDeps(), params: req.nextUrl.searchParams, signal: req.signal }),
  );
}
