import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { ExpensesList } from "@/components/console/expenses/expenses-list";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { listExpenses } from "@/lib/console/server/expenses/api";
import { expensesList } from "@/lib/console/expenses/list";
import { newExpenseHref } from "@/lib/console/expenses/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { expenseListQuery } from "@/lib/queries/expenses";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Expenses" };

/** Expenses: the URL's page is fetched here, then the list is interactive. */
export default async function ExpensesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = expensesList.parse(await searchParams);
  const returnTo = expensesList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = expensesList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...expenseListQuery(scope, apiQuery), queryFn: () => listExpenses(api, apiQuery) }), {
      returnTo,
    }),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
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
        <ExpensesList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
