"use client";

import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { DataTable, RowLink, type ListColumn, type TableView } from "@/components/console/list";
import type { EmploymentListItem, Offboarding } from "@/lib/contract";
import { formatDate, formatDateTime } from "@/lib/console/format";
import { isConfidential, offboardingReasonLabel, proposedEndOf } from "@/lib/console/offboardings/labels";
import { offboardingHref } from "@/lib/console/offboardings/links";
import { EmploymentCell } from "../people-ops/employment-cell";
import { OffboardingStatusBadge } from "./offboarding-badges";

export function OffboardingsTable({
  items,
  names,
  busy,
  caption,
  table,
}: {
  items: readonly Offboarding[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
}) {
  const columns = useMemo<ListColumn<Offboarding>[]>(
    () => [
      {
        id: "employee",
        header: "Employee",
        meta: { sortKey: "employee" },
        cell: ({ row }) => <EmploymentCell id={row.original.employment_id} names={names} />,
      },
      {
        id: "reason",
        header: "Reason",
        meta: { sortKey: "reason", className: "min-w-56" },
        cell: ({ row: { original: o } }) => (
          <>
            <RowLink href={offboardingHref(o.id)} className="list-row-link">
              {offboardingReasonLabel(o)}
              <span className="sr-only"> — offboarding of {names.get(o.employment_id)?.full_name ?? "this employee"}</span>
            </RowLink>
            {isConfidential(o) ? (
              <div className="mt-1">
                <Badge tone="violet">Confidential</Badge>
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: "termination_date",
        header: "Termination date",
        meta: { sortKey: "termination_date", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: o } }) => (
          <>
            <time dateTime={o.termination_date ?? proposedEndOf(o)}>{formatDate(o.termination_date ?? proposedEndOf(o))}</time>
            {o.termination_date && o.termination_date !== proposedEndOf(o) ? (
              <div className="text-xs text-slate-600 dark:text-slate-400">Proposed {formatDate(proposedEndOf(o))}</div>
            ) : null}
          </>
        ),
      },
      {
        id: "submitted",
        header: "Submitted",
        meta: { sortKey: "submitted", className: "whitespace-nowrap text-sm" },
        cell: ({ row }) => formatDateTime(row.original.submitted_at),
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status" },
        cell: ({ row }) => <OffboardingStatusBadge status={row.original.status} />,
      },
    ],
    [names],
  );
  return (
    <DataTable
      {...table}
      label="Offboardings"
      caption={caption}
      rows={items}
      columns={columns}
      getRowId={(o) => o.id}
      busy={busy}
      rowProps={(o) => ({ "data-offboarding-id": o.id })}
    />
  );
}
