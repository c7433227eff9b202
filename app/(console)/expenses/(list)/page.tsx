import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { ExpensesList } from "@/components/console/expenses/expenses-list";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { listExpenses } from "@/lib/console/server/expenses/api";
import { expensesList } from "@/lib/console/expenses/list";
import { newExpenseHref } from "@/lib/console/expenses/links";
import { withPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { expenseListQuery } from "@/lib/queries/expenses";

export const metadata: Metadata = { title: "Expenses" };

/** Expenses: the URL's page is fetched here, then the list is interactive. */
export default async function ExpensesPage({ searchParams }: PageSearchParams) {
  const { scope, state, queryClient, initialError } = await loadListPage(expensesList, searchParams, {
    query: expenseListQuery,
    load: listExpenses,
    also: withPeopleOpsEmployments,
  });
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Expenses"
        description={`Expenses employees submitted for reimbursement in ${environmentLabel}: review the pending ones with their receipts.`}
        actions={
          <ButtonLink href={newExpenseHref(state.employmentId)} variant="primary">
            New expense
          </ButtonLink>
        }
      />
      <Hydrate client={queryClient}>
        <ExpensesList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
