"use client";

import { useMemo } from "react";
import { DataTable, ListShell, useServerList, type ListColumn } from "@/components/console/list";
import { SelectFilters } from "@/components/console/list/select-filters";
import { UtcTime } from "@/components/console/partner/grant-health";
import { auditList } from "@/lib/console/partner/list";

/** One entry of the log, as the server page passes it down. */
export interface AuditRow {
  id: string;
  at: Date;
  company: { id: string; name: string } | null;
  actor: { kind: keyof typeof ACTOR_KINDS; name: string | null; email: string | null };
  method: string;
  path: string;
  status: number;
  requestId: string | null;
}

export interface AuditPage {
  entries: AuditRow[];
  current_page: number;
  total_count: number;
  total_pages: number;
}

export const AUDIT_COLUMNS = ["When", "Company", "Who", "Call", "Status", "Request id"] as const;
const ACTOR_KINDS = { operator: "Operator", company_user: "Company user", customer_token: "Customer API token" } as const;

/**
 * The partner's audit log (every company of the environment, or one): newest first, with a company
 * column and filter. The server page reads the page of the log; changing the company or the page
 * re-renders it (useServerList).
 */
export function AuditLogList({
  log,
  companies,
  environmentLabel,
}: {
  log: AuditPage;
  /** The companies the operator may read the log of (every grant of the environment, by name). */
  companies: readonly { id: string; name: string }[];
  environmentLabel: string;
}) {
  const model = useServerList(auditList, log);
  const oneCompany = model.state.company !== "";

  const columns = useMemo<ListColumn<AuditRow>[]>(
    () => [
      {
        id: "when",
        header: "When",
        meta: { sortKey: "when", className: "whitespace-nowrap" },
        cell: ({ row: { original: e } }) => <UtcTime value={e.at} />,
      },
      ...(oneCompany
        ? []
        : [
            {
              id: "company",
              header: "Company",
              meta: { sortKey: "company" },
              cell: ({ row: { original: e } }) => e.company?.name ?? "—",
            } satisfies ListColumn<AuditRow>,
          ]),
      {
        id: "who",
        header: "Who",
        meta: { sortKey: "who" },
        cell: ({ row: { original: e } }) => (
          <>
            <div>{e.actor.name ?? e.actor.email ?? "Unknown"}</div>
            <div className="text-xs text-slate-600 dark:text-slate-400">
              {ACTOR_KINDS[e.actor.kind]}
              {e.actor.email && e.actor.name ? ` · ${e.actor.email}` : ""}
            </div>
          </>
        ),
      },
      {
        id: "call",
        header: "Call",
        meta: { sortKey: "call" },
        cell: ({ row: { original: e } }) => (
          <code className="font-mono text-xs">
            {e.method} /{e.path}
          </code>
        ),
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status", className: "tabular-nums" },
        cell: ({ row: { original: e } }) => (e.status === 0 ? "Unreachable" : e.status),
      },
      {
        id: "request_id",
        header: "Request id",
        meta: { sortKey: "request_id" },
        cell: ({ row: { original: e } }) => (e.requestId ? <code className="select-all font-mono text-xs">{e.requestId}</code> : "—"),
      },
    ],
    [oneCompany],
  );

  return (
    <ListShell
      model={model}
      items={log.entries}
      noun={["change", "changes"]}
      environmentLabel={environmentLabel}
      columns={oneCompany ? AUDIT_COLUMNS.filter((c) => c !== "Company") : AUDIT_COLUMNS}
      emptyText="Changes made through the console for the connected companies appear here."
      noMatchText="Changes made through the console for this company appear here."
      filters={
        <SelectFilters
          fields={[
            {
              name: "company",
              label: "Company",
              value: model.state.company,
              allLabel: "All companies",
              options: companies.map((c) => ({ value: c.id, label: c.name })),
            },
          ]}
          onChange={(_name, company) => model.change({ company })}
          filtered={model.filtered}
          onClear={() => model.clearFilters()}
        />
      }
    >
      {(rows, { busy, caption, table }) => (
        <DataTable {...table} label="Audit log" caption={caption} rows={rows} columns={columns} getRowId={(e) => e.id} busy={busy} />
      )}
    </ListShell>
  );
}
