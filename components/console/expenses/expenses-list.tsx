"use client";

import { useCallback, type ComponentProps } from "react";
import { EXPENSE_STATUSES } from "@/lib/contract/enums";
import type { Expense } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { EXPENSE_STATUS_LABELS } from "@/lib/console/expenses/labels";
import { expensesList } from "@/lib/console/expenses/list";
import { expenseKeys, expenseListQuery, reviewExpense, type ExpensePage } from "@/lib/queries/expenses";
import { expenseTitle } from "@/lib/console/expenses/labels";
import { reviewAvailability } from "@/lib/console/expenses/rules";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import type { QueryScope } from "@/lib/queries/scope";
import { CreatedNotice } from "../people-ops/created-notice";
import { BulkActions, ExportButton, type BulkRunResult } from "@/components/console/list";
import { ListView } from "@/components/console/list/list-view";
import { useBulkResultRegion, useBulkReview } from "../people-ops/use-bulk-review";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { EXPENSE_COLUMNS } from "./expense-columns";
import { ExpensesTable } from "./expenses-table";

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
  const bulkResult = useBulkResultRegion();
  return (
    <div className="space-y-4">
      {bulkResult.region}
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
        renderTable={(items, view) => (
          <BulkExpensesTable scope={scope} onResult={bulkResult.onResult} items={items} names={names} {...view} />
        )}
      />
    </div>
  );
}

const expenseId = (e: Expense) => e.id;
const plural = (n: number) => (n === 1 ? "1 expense" : `${n} expenses`);

/** The expenses table with row selection and bulk approve / decline (../people-ops/use-bulk-review.tsx). */
function BulkExpensesTable({
  scope,
  onResult,
  names,
  ...table
}: Omit<ComponentProps<typeof ExpensesTable>, "selection"> & { scope: QueryScope; onResult: (r: BulkRunResult | null) => void }) {
  const rowName = useCallback(
    (e: Expense) => `${expenseTitle(e)}, ${names.get(e.employment_id)?.full_name ?? unnamedEmployment(e.employment_id)}`,
    [names],
  );
  const { selection, bulkActions } = useBulkReview({
    rows: table.items,
    getRowId: expenseId,
    rowName,
    noun: "expenses",
    count: plural,
    operation: "expenses.write",
    invalidate: expenseKeys.all(scope),
    onResult,
    approve: { check: reviewAvailability, run: (e) => reviewExpense(scope, e.id, { status: "approved" }) },
    decline: {
      check: reviewAvailability,
      reasonDescription: "Sent with each expense; the employee sees it. Required.",
      run: (e, reason) => reviewExpense(scope, e.id, { status: "declined", reason }),
    },
  });
  return (
    <div className="space-y-3">
      <BulkActions {...bulkActions} />
      <ExpensesTable {...table} names={names} selection={selection} />
    </div>
  );
}
