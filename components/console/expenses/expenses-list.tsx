"use client";

import { useCallback, useState } from "react";
import { EXPENSE_STATUSES } from "@/lib/contract/enums";
import type { EmploymentListItem, Expense } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { EXPENSE_STATUS_LABELS } from "@/lib/console/expenses/labels";
import { expensesList } from "@/lib/console/expenses/list";
import { expenseKeys, expenseListQuery, reviewExpense, type ExpensePage } from "@/lib/queries/expenses";
import { expenseTitle } from "@/lib/console/expenses/labels";
import { reviewAvailability } from "@/lib/console/expenses/rules";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import type { QueryScope } from "@/lib/queries/scope";
import { CreatedNotice } from "../people-ops/created-notice";
import {
  BulkActions,
  BulkResult,
  ExportButton,
  useBulkSelection,
  type BulkAction,
  type BulkRunResult,
  type TableView,
} from "@/components/console/list";
import { ListView } from "@/components/console/list/list-view";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { EXPENSE_COLUMNS, ExpensesTable } from "./expenses-table";

const itemsOf = (p: ExpensePage) => p.expenses;

/** The expenses list: filters, the prefetched page, and a link to review each pending one. */
export function ExpensesList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const { items: employments, names } = usePeopleOpsEmployments(scope);
  const [bulkResult, setBulkResult] = useState<BulkRunResult | null>(null);
  return (
    <div className="space-y-4">
      <div aria-live="polite" className="empty:hidden">
        {bulkResult ? <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} /> : null}
      </div>
      <CreatedNotice title="Expense submitted">
        <p>It is pending review: open it below to approve or decline it.</p>
      </CreatedNotice>
      <ListView
        scope={scope}
        operation="expenses.read"
        employmentFilter="employmentId"
        list={expensesList}
        query={(q) => expenseListQuery(scope, q)}
        itemsOf={itemsOf}
        noun={["expense", "expenses"]}
        filters={[
          { name: "status", label: "Status", options: EXPENSE_STATUSES.map((v) => ({ value: v, label: EXPENSE_STATUS_LABELS[v] })) },
        ]}
        employments={employments}
        environmentLabel={environmentLabel}
        initialError={initialError}
        emptyText="Expenses submitted through the API or this console appear here. Each environment has its own data."
        columns={EXPENSE_COLUMNS}
        toolbar={
          <ExportButton
            endpoint="/api/bff/expenses/export"
            scope={scope}
            noun={["expense", "expenses"]}
            columns={EXPENSE_COLUMNS}
            operation="expenses.read"
          />
        }
        renderTable={(items, { busy, caption, table }) => (
          <BulkExpensesTable
            scope={scope}
            onResult={setBulkResult}
            items={items}
            names={names}
            busy={busy}
            caption={caption}
            table={table}
          />
        )}
      />
    </div>
  );
}

const expenseId = (e: Expense) => e.id;
const plural = (n: number) => (n === 1 ? "1 expense" : `${n} expenses`);

/** The expenses table with row selection and bulk approve / decline (components/console/list/bulk-actions.tsx). */
function BulkExpensesTable({
  scope,
  onResult,
  items,
  names,
  busy,
  caption,
  table,
}: {
  scope: QueryScope;
  onResult: (result: BulkRunResult | null) => void;
  items: readonly Expense[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  table: TableView;
}) {
  const rowName = useCallback(
    (e: Expense) => `${expenseTitle(e)}, ${names.get(e.employment_id)?.full_name ?? unnamedEmployment(e.employment_id)}`,
    [names],
  );
  const rowLabel = useCallback((e: Expense) => `Select ${rowName(e)}`, [rowName]);
  const { selected, selection, clear } = useBulkSelection(items, expenseId, rowLabel);
  const actions: BulkAction<Expense>[] = [
    {
      id: "approve",
      label: "Approve",
      title: "Approve expenses",
      describe: (n) => `${plural(n)} will be approved.`,
      confirmLabel: (n) => `Approve ${plural(n)}`,
      pendingLabel: "Approving…",
      variant: "primary",
      check: reviewAvailability,
      run: (e) => reviewExpense(scope, e.id, { status: "approved" }),
    },
    {
      id: "decline",
      label: "Decline",
      title: "Decline expenses",
      describe: (n) => `${plural(n)} will be declined with the reason below (the employee sees it).`,
      confirmLabel: (n) => `Decline ${plural(n)}`,
      pendingLabel: "Declining…",
      variant: "danger",
      check: reviewAvailability,
      reason: { label: "Reason for declining", description: "Sent with each expense; the employee sees it. Required." },
      run: (e, reason) => reviewExpense(scope, e.id, { status: "declined", reason }),
    },
  ];
  return (
    <div className="space-y-3">
      <BulkActions
        rows={items}
        getRowId={expenseId}
        rowName={rowName}
        selected={selected}
        onClear={clear}
        actions={actions}
        operation="expenses.write"
        invalidate={expenseKeys.all(scope)}
        onResult={onResult}
      />
      <ExpensesTable items={items} names={names} busy={busy} caption={caption} selection={selection} table={table} />
    </div>
  );
}
