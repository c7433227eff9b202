"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useMemo } from "react";
import { DataTable, type ListColumn, type RowSelection, type TableView } from "@/components/console/list";
import type { EmploymentListItem, Timeoff } from "@/lib/contract";
import { formatDate, formatDateTime } from "@/lib/console/format";
import { totalHours } from "@/lib/console/timeoff/days";
import { TIMEOFF_STATUS_LABELS, TIMEOFF_STATUS_TONES, TIMEOFF_TYPE_LABELS } from "@/lib/console/timeoff/labels";
import { ACTION_LABELS, timeoffActions, type TimeoffAction } from "@/lib/console/timeoff/rules";
import { EmploymentCell } from "../people-ops/employment-cell";
import { TIMEOFF_COLUMNS } from "./timeoff-columns";

export { TIMEOFF_COLUMNS };

export function TimeoffTable({
  items,
  names,
  busy,
  caption,
  table,
  onAction,
  selection,
}: {
  items: readonly Timeoff[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
  onAction: (t: Timeoff, action: TimeoffAction) => void;
  /** Row checkboxes (bulk approve / decline). */
  selection?: RowSelection<Timeoff>;
}) {
  const columns = useMemo<ListColumn<Timeoff>[]>(
    () => [
      {
        id: "employee",
        header: "Employee",
        meta: { sortKey: "employee" },
        cell: ({ row }) => <EmploymentCell id={row.original.employment_id} names={names} />,
      },
      {
        id: "type",
        header: "Type",
        meta: { sortKey: "type", className: "min-w-36" },
        cell: ({ row: { original: t } }) => (
          <>
            <div>{TIMEOFF_TYPE_LABELS[t.timeoff_type]}</div>
            {t.notes ? (
              <div className="max-w-56 truncate text-xs text-slate-600 dark:text-slate-400" title={t.notes}>
                {t.notes}
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: "dates",
        header: "Dates",
        meta: { sortKey: "dates", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: t } }) => (
          <>
            <time dateTime={t.start_date}>{formatDate(t.start_date)}</time>
            {t.end_date !== t.start_date ? (
              <>
                {" – "}
                <time dateTime={t.end_date}>{formatDate(t.end_date)}</time>
              </>
            ) : null}
            <div className="text-xs text-slate-600 dark:text-slate-400">{t.timezone}</div>
          </>
        ),
      },
      {
        id: "days",
        header: "Days",
        meta: { sortKey: "days", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: t } }) => (
          <>
            {t.timeoff_days.length} {t.timeoff_days.length === 1 ? "day" : "days"}
            <div className="text-xs text-slate-600 dark:text-slate-400">{totalHours(t.timeoff_days)} hours</div>
          </>
        ),
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status", className: "min-w-40" },
        cell: ({ row: { original: t } }) => (
          <>
            <Badge tone={TIMEOFF_STATUS_TONES[t.status]} dot>
              {TIMEOFF_STATUS_LABELS[t.status]}
            </Badge>
            {t.status === "cancelled" && t.cancel_reason ? <Reason label="Reason" text={t.cancel_reason} /> : null}
            {(t.status === "approved" || t.status === "taken") && t.approved_at ? (
              <div className="mt-1 text-xs text-slate-600 dark:text-slate-400">Approved {formatDateTime(t.approved_at)}</div>
            ) : null}
          </>
        ),
      },
      {
        id: "actions",
        header: "Actions",
        meta: { className: "min-w-56" },
        cell: ({ row: { original: t } }) => {
          const actions = timeoffActions(t);
          const available = actions.filter((a) => a.available);
          const unavailable = actions.find((a) => !a.available);
          const employee = names.get(t.employment_id)?.full_name ?? "this employee";
          return available.length > 0 ? (
            <div className="flex flex-wrap gap-1.5">
              {available.map((a) => (
                <Button
                  key={a.action}
                  size="sm"
                  variant={a.action === "approve" ? "primary" : "secondary"}
                  onClick={() => onAction(t, a.action)}
                  aria-label={`${ACTION_LABELS[a.action]}: ${TIMEOFF_TYPE_LABELS[t.timeoff_type].toLowerCase()} of ${employee} from ${formatDate(t.start_date)}`}
                >
                  {a.action === "approve" ? "Approve" : a.action === "decline" ? "Decline…" : "Cancel…"}
                </Button>
              ))}
            </div>
          ) : (
            <NoActions status={t.status} reason={unavailable && !unavailable.available ? unavailable.reason : null} />
          );
        },
      },
    ],
    [names, onAction],
  );
  return (
    <DataTable
      {...table}
      label="Time off"
      caption={caption}
      rows={items}
      columns={columns}
      getRowId={(t) => t.id}
      busy={busy}
      selection={selection}
      rowProps={(t) => ({ "data-timeoff-id": t.id })}
    />
  );
}

/**
 * The Actions cell of a row with nothing to do. Closed time off (taken, declined, cancelled) is
 * history: the same sentence on every past row says nothing, so the cell shows a dash and keeps the
 * reason for assistive technology. A pending cancellation request is news: its reason stays visible.
 */
function NoActions({ status, reason }: { status: Timeoff["status"]; reason: string | null }) {
  if (!reason) return null;
  if (status === "cancel_requested") return <span className="text-xs text-slate-600 dark:text-slate-400">{reason}</span>;
  return (
    <>
      <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
        —
      </span>
      <span className="sr-only">{`No actions: ${reason}`}</span>
    </>
  );
}

function Reason({ label, text }: { label: string; text: string }) {
  return (
    <div className="mt-1 max-w-64 text-xs text-slate-700 dark:text-slate-300">
      <span className="font-medium">{label}:</span> {text}
    </div>
  );
}
