import type { Metadata } from "next";
import { ExpenseReview } from "@/components/console/expenses/expense-review";
import { Hydrate } from "@/components/console/hydrate";
import { ErrorBanner } from "@/components/console/error-banner";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { getExpense } from "@/lib/console/server/expenses/api";
import { EXPENSES_PATH, expenseHref } from "@/lib/console/expenses/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { expenseDetailQuery } from "@/lib/queries/expenses";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Expense" };

/** One expense: details, receipts (previewed through the BFF), and its review. */
export default async function ExpensePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = expenseHref(id);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...expenseDetailQuery(scope, id), queryFn: () => getExpense(api, id) }), {
      returnTo,
      notFoundOn404: true,
    }),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
  if (!result.ok) {
    return (
      <>
        <PageHeader title="Expense" />
        <ErrorBanner
          operation="expenses.read"
          error={result.error}
          actions={
            <>
              <ButtonLink href={returnTo} size="sm">
                Try again
              </ButtonLink>
              <ButtonLink href={EXPENSES_PATH} size="sm" variant="ghost">
                All expenses
              </ButtonLink>
            </>
          }
        />
      </>
    );
  }
  return (
    <Hydrate client={queryClient}>
      <ExpenseReview scope={scope} id={id} />
    </Hydrate>
  );
}
