"use client";

import { useMemo } from "react";
import { DataTable, RowLink, type ListColumn, type TableView } from "@/components/console/list";
import { Button } from "@/components/ui/button";
import type { EmploymentListItem, RecurringIncentive } from "@/lib/contract";
import { formatDate } from "@/lib/console/format";
import { INCENTIVE_TYPE_LABELS, TAX_TYPE_LABELS } from "@/lib/console/incentives/labels";
import { incentivesList } from "@/lib/console/incentives/list";
import { formatMinor } from "@/lib/console/people-ops/money";
import { EmploymentCell } from "../people-ops/employment-cell";
import { RecurringStatusBadge } from "./incentive-badges";
import { RECURRING_COLUMNS } from "./recurring-columns";

export { RECURRING_COLUMNS };

export function RecurringTable({
  items,
  names,
  busy,
  caption,
  table,
  onDelete,
}: {
  items: readonly RecurringIncentive[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
  onDelete: (r: RecurringIncentive) => void;
}) {
  const columns = useMemo<ListColumn<RecurringIncentive>[]>(
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
        cell: ({ row: { original: r } }) => (
          <>
            <div>{INCENTIVE_TYPE_LABELS[r.type]}</div>
            {r.note ? (
              <div className="max-w-56 truncate text-xs text-slate-600 dark:text-slate-400" title={r.note}>
                {r.note}
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: "amount",
        header: "Monthly amount",
        meta: { sortKey: "amount", align: "right", className: "whitespace-nowrap text-right tabular-nums", headerClassName: "text-right" },
        cell: ({ row: { original: r } }) => (
          <>
            <div>{formatMinor(r.amount)}</div>
            <div className="text-xs text-slate-600 dark:text-slate-400">{TAX_TYPE_LABELS[r.amount_tax_type]}, monthly</div>
          </>
        ),
      },
      {
        id: "period",
        header: "Period",
        meta: { sortKey: "period", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: r } }) => (
          <>
            From <time dateTime={r.start_date}>{formatDate(r.start_date)}</time>
            <div className="text-xs text-slate-600 dark:text-slate-400">
              {r.end_date ? `Last payment ${formatDate(r.end_date)}` : "Open-ended"}
            </div>
          </>
        ),
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status" },
        cell: ({ row }) => <RecurringStatusBadge status={row.original.status} />,
      },
      {
        id: "actions",
        header: "Actions",
        meta: { className: "min-w-56" },
        cell: ({ row: { original: r } }) => {
          const who = names.get(r.employment_id)?.full_name ?? "this employee";
          return (
            <div className="flex flex-wrap items-center gap-1.5">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onDelete(r)}
                aria-label={`Delete recurring ${INCENTIVE_TYPE_LABELS[r.type].toLowerCase()} of ${who}`}
              >
                Delete…
              </Button>
              <RowLink
                href={incentivesList.hrefFor({ employmentId: r.employment_id })}
                className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50"
              >
                Monthly payments<span className="sr-only"> of {who}</span>
              </RowLink>
            </div>
          );
        },
      },
    ],
    [names, onDelete],
  );
  return (
    <DataTable
      {...table}
      label="Recurring incentives"
      caption={caption}
      rows={items}
      columns={columns}
      getRowId={(r) => r.id}
      busy={busy}
      rowProps={(r) => ({ "data-recurring-id": r.id })}
    />
  );
}
