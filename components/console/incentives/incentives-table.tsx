"use client";

import { useId, useMemo } from "react";
import { DataTable, RowLink, type ListColumn, type TableView } from "@/components/console/list";
import { Button, buttonClasses } from "@/components/ui/button";
import type { EmploymentListItem, Incentive } from "@/lib/contract";
import { formatDate } from "@/lib/console/format";
import { INCENTIVE_STATUS_LABELS, TAX_TYPE_LABELS, incentiveTypeLabel } from "@/lib/console/incentives/labels";
import { deleteAvailability, editAvailability, sandboxNextStatuses } from "@/lib/console/incentives/rules";
import { editIncentiveHref } from "@/lib/console/incentives/links";
import { formatMinor } from "@/lib/console/people-ops/money";
import { EmploymentCell } from "../people-ops/employment-cell";
import { IncentiveStatusBadge } from "./incentive-badges";

export interface IncentiveRowActions {
  onDelete: (i: Incentive) => void;
  /** Sandbox only: null on production. */
  onSandboxStatus: ((i: Incentive, status: "processing" | "paid") => void) | null;
  /** The incentive whose sandbox move is running. */
  movingId: string | null;
}

export function IncentivesTable({
  items,
  names,
  busy,
  caption,
  table,
  actions,
}: {
  items: readonly Incentive[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
  actions: IncentiveRowActions;
}) {
  const columns = useMemo<ListColumn<Incentive>[]>(
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
        meta: { sortKey: "type", className: "min-w-40" },
        cell: ({ row: { original: i } }) => (
          <>
            <div>{incentiveTypeLabel(i.type)}</div>
            {i.recurring_incentive_id ? <div className="text-xs text-slate-600 dark:text-slate-400">From a recurring incentive</div> : null}
            {i.note ? (
              <div className="max-w-56 truncate text-xs text-slate-600 dark:text-slate-400" title={i.note}>
                {i.note}
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: "amount",
        header: "Amount",
        meta: { sortKey: "amount", align: "right", className: "whitespace-nowrap text-right tabular-nums", headerClassName: "text-right" },
        cell: ({ row: { original: i } }) => (
          <>
            <div>{formatMinor(i.amount)}</div>
            <div className="text-xs text-slate-600 dark:text-slate-400">{TAX_TYPE_LABELS[i.amount_tax_type]}</div>
          </>
        ),
      },
      {
        id: "effective",
        header: "Effective",
        meta: { sortKey: "effective", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: i } }) => (
          <>
            {i.effective_date ? <time dateTime={i.effective_date}>{formatDate(i.effective_date)}</time> : "No date"}
            {i.expected_payout_date ? (
              <div className="text-xs text-slate-600 dark:text-slate-400">Paid with payroll of {formatDate(i.expected_payout_date)}</div>
            ) : null}
          </>
        ),
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status" },
        cell: ({ row }) => <IncentiveStatusBadge status={row.original.status} />,
      },
      {
        id: "actions",
        header: "Actions",
        meta: { className: "min-w-64" },
        cell: ({ row }) => <IncentiveActions incentive={row.original} names={names} actions={actions} />,
      },
    ],
    [names, actions],
  );
  return (
    <DataTable
      {...table}
      label="One-time incentives"
      caption={caption}
      rows={items}
      columns={columns}
      getRowId={(i) => i.id}
      busy={busy}
      rowProps={(i) => ({ "data-incentive-id": i.id })}
    />
  );
}

function IncentiveActions({
  incentive: i,
  names,
  actions,
}: {
  incentive: Incentive;
  names: ReadonlyMap<string, EmploymentListItem>;
  actions: IncentiveRowActions;
}) {
  const reasonId = useId();
  const edit = editAvailability(i);
  const del = deleteAvailability(i);
  const what = `${incentiveTypeLabel(i.type).toLowerCase()} of ${names.get(i.employment_id)?.full_name ?? "this employee"}, ${formatDate(i.effective_date)}`;
  const moves = actions.onSandboxStatus ? sandboxNextStatuses(i.status) : [];
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5">
        {edit.available ? (
          <RowLink
            href={editIncentiveHref(i.id)}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
            aria-label={`Edit ${what}`}
          >
            Edit
          </RowLink>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            aria-disabled="true"
            aria-describedby={reasonId}
            aria-label={`Edit ${what}`}
            className="cursor-not-allowed opacity-50"
          >
            Edit
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Delete ${what}`}
          {...(del.available
            ? { onClick: () => actions.onDelete(i) }
            : { "aria-disabled": true, "aria-describedby": reasonId, className: "cursor-not-allowed opacity-50" })}
        >
          Delete…
        </Button>
        {moves.map((status) => (
          <Button
            key={status}
            size="sm"
            variant="ghost"
            disabled={actions.movingId === i.id}
            onClick={() => actions.onSandboxStatus?.(i, status)}
            aria-label={`Sandbox: mark ${what} as ${INCENTIVE_STATUS_LABELS[status].toLowerCase()}`}
          >
            Mark {INCENTIVE_STATUS_LABELS[status].toLowerCase()}
          </Button>
        ))}
      </div>
      {!del.available ? (
        <p id={reasonId} className="mt-1 max-w-72 text-xs text-slate-600 dark:text-slate-400">
          {del.reason}
        </p>
      ) : null}
    </>
  );
}
