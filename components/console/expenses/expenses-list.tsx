"use client";

import { EXPENSE_STATUSES } from "@/lib/contract/enums";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { EXPENSE_STATUS_LABELS } from "@/lib/console/expenses/labels";
import { expensesList } from "@/lib/console/expenses/list";
import { expenseListQuery, type ExpensePage } from "@/lib/queries/expenses";
import type { QueryScope } from "@/lib/queries/scope";
import { CreatedNotice } from "../people-ops/created-notice";
import { ListView } from "@/components/console/list";
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
  return (
    <div className="space-y-4">
      <CreatedNotice title="Expense submitted">
        <p>It is pending review: open it below to approve or decline it.</p>
      </CreatedNotice>
      <ListView
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
        renderTable={(items, { busy, caption }) => <ExpensesTable items={items} names={names} busy={busy} caption={caption} />}
      />
    </div>
  );
}
