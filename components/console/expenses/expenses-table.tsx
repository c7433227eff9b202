"use client";

import { useMemo } from "react";
import { DataTable, RowLink, type ListColumn, type RowSelection, type TableView } from "@/components/console/list";
import type { EmploymentListItem, Expense } from "@/lib/contract";
import { formatDate } from "@/lib/console/format";
import { expenseCategoryLabel, expenseMoney, expenseTitle } from "@/lib/console/expenses/labels";
import { reviewAvailability } from "@/lib/console/expenses/rules";
import { expenseHref } from "@/lib/console/expenses/links";
import { EmploymentCell } from "../people-ops/employment-cell";
import { ExpenseStatusBadge } from "./expense-badges";

export function ExpensesTable({
  items,
  names,
  busy,
  caption,
  selection,
  table,
}: {
  items: readonly Expense[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  /** Row checkboxes (bulk approve / decline). */
  selection?: RowSelection<Expense>;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
}) {
  const columns = useMemo<ListColumn<Expense>[]>(
    () => [
      {
        id: "expense",
        header: "Expense",
        meta: { className: "min-w-52", sortKey: "expense" },
        cell: ({ row: { original: e } }) => (
          <>
            <RowLink href={expenseHref(e.id)} className="list-row-link">
              {expenseTitle(e)}
            </RowLink>
            <div className="text-xs text-slate-600 dark:text-slate-400">{expenseCategoryLabel(e)}</div>
          </>
        ),
      },
      {
        id: "employee",
        header: "Employee",
        meta: { sortKey: "employee" },
        cell: ({ row }) => <EmploymentCell id={row.original.employment_id} names={names} />,
      },
      {
        id: "date",
        header: "Date",
        meta: { className: "whitespace-nowrap tabular-nums", sortKey: "date" },
        cell: ({ row: { original: e } }) =>
          e.expense_date ? <time dateTime={e.expense_date}>{formatDate(e.expense_date)}</time> : "No date",
      },
      {
        id: "amount",
        header: "Amount",
        meta: { className: "whitespace-nowrap text-right tabular-nums", headerClassName: "text-right", sortKey: "amount", align: "right" },
        cell: ({ row: { original: e } }) => (
          <>
            <div>{expenseMoney(e.amount, e.currency)}</div>
            {e.converted_currency && e.converted_currency.code !== e.currency?.code ? (
              <div className="text-xs text-slate-600 dark:text-slate-400">≈ {expenseMoney(e.converted_amount, e.converted_currency)}</div>
            ) : null}
          </>
        ),
      },
      {
        id: "receipts",
        header: "Receipts",
        meta: { className: "whitespace-nowrap", sortKey: "receipts" },
        cell: ({ row: { original: e } }) =>
          e.receipts.length === 0 ? <span className="text-slate-600 dark:text-slate-400">None</span> : `${e.receipts.length}`,
      },
      {
        id: "status",
        header: "Status",
        meta: { className: "min-w-36", sortKey: "status" },
        cell: ({ row: { original: e } }) => (
          <>
            <ExpenseStatusBadge status={e.status} />
            {reviewAvailability(e).available ? (
              <div className="mt-1">
                <RowLink
                  href={expenseHref(e.id)}
                  className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50"
                >
                  Review<span className="sr-only"> {e.title}</span>
                </RowLink>
              </div>
            ) : e.status === "declined" && e.reason ? (
              <div className="mt-1 max-w-56 text-xs text-slate-700 dark:text-slate-300">
                <span className="font-medium">Reason:</span> {e.reason}
              </div>
            ) : null}
          </>
        ),
      },
    ],
    [names],
  );
  return (
    <DataTable
      label="Expenses"
      caption={caption}
      rows={items}
      columns={columns}
      getRowId={(e) => e.id}
      busy={busy}
      selection={selection}
      {...table}
      rowProps={(e) => ({ "data-expense-id": e.id })}
    />
  );
}
