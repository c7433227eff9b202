import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { AnyFilter, ListDefinition, ListState } from "@/lib/console/list";
import type { ConsoleSession } from "../../session-types";
import type { ConsoleDb } from "../db/client";
import { consoleAuditLog, type AuditActor, type AuditExportDetail } from "../db/schema";
import { recordAudit } from "../partner/audit";

// The audit entry of a CSV export (docs/decisions/console-csv-export.md): written when the export
// starts (an export that cannot be recorded does not start), then completed with the rows sent and
// the outcome when the stream ends. It reads, in the log's "Call" column, `EXPORT /expenses (CSV, 40
// of 40 rows)`; the structured detail (list, filters, columns, rows, outcome) is in `detail`.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session's user as the audit log names them. */
export function actorOf(session: ConsoleSession): AuditActor {
  return {
    kind: session.kind === "operator" ? "operator" : session.kind === "customer_token" ? "customer_token" : "company_user",
    id: session.kind === "operator" ? session.operatorId : (session.user?.id ?? null),
    name: session.user?.name ?? null,
    email: session.user?.email ?? null,
  };
}

/**
 * The list's set filters as its URL writes them (`{ status: "approved,pending" }`). Free text (an
 * email, a search) is personal data the log does not keep: recorded as "(redacted)"; identifiers
 * (employment and company ids) are kept.
 */
export function auditFilters<F extends Record<string, AnyFilter>>(list: ListDefinition<F>, state: ListState<F>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(list.filters)) {
    const value = (state as Record<string, unknown>)[name];
    if (value === undefined || !f.isSet(value)) continue;
    const text = f.toSearch(value);
    out[f.key ?? name] = f.kind === "text" && !UUID.test(text) ? "(redacted)" : text;
  }
  return out;
}

const STATUS: Record<AuditExportDetail["outcome"], number> = { started: 102, complete: 200, cancelled: 499, failed: 500 };

export const exportAuditPath = (d: Pick<AuditExportDetail, "list" | "rows" | "total" | "outcome">, started = false) =>
  `${d.list.replace(/^\/+/, "")} (CSV, ${started ? `started, ${d.total} rows` : `${d.rows} of ${d.total} rows${d.outcome === "complete" ? "" : `, ${d.outcome}`}`})`;

export interface ExportAuditStart {
  db: ConsoleDb;
  environment: Environment;
  company: { id: string; name: string } | null;
  actor: AuditActor;
  list: string;
  filters: Record<string, string>;
  columns: string[];
  total: number;
  now: () => Date;
}

/** Records the start of an export; answers the function that records its end. */
export async function recordExportStart(
  input: ExportAuditStart,
): Promise<(end: { rows: number; outcome: Exclude<AuditExportDetail["outcome"], "started"> }) => Promise<void>> {
  const id = randomUUID();
  const detail: AuditExportDetail = {
    kind: "csv_export",
    list: input.list,
    filters: input.filters,
    columns: input.columns,
    rows: 0,
    total: input.total,
    outcome: "started",
  };
  await recordAudit(input.db, {
    id,
    environment: input.environment,
    company: input.company,
    actor: input.actor,
    method: "EXPORT",
    path: exportAuditPath(detail, true),
    status: STATUS.started,
    requestId: null,
    at: input.now(),
    detail,
  });
  return async ({ rows, outcome }) => {
    const done: AuditExportDetail = { ...detail, rows, outcome };
    await input.db
      .update(consoleAuditLog)
      .set({ detail: done, status: STATUS[outcome], path: exportAuditPath(done) })
      .where(eq(consoleAuditLog.id, id));
  };
}
