import type { Metadata } from "next";
import { ExpenseReview } from "@/components/console/expenses/expense-review";
import { Hydrate } from "@/components/console/hydrate";
import { ErrorBanner } from "@/components/console/error-banner";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadForPage } from "@/lib/console/server/pages";
import { expensePageLoad } from "@/lib/console/server/expenses/page-loads";
import { EXPENSES_PATH, expenseHref } from "@/lib/console/expenses/links";

export const metadata: Metadata = { title: "Expense" };

/** One expense: details, receipts (previewed through the BFF), and its review. */
export default async function ExpensePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = expenseHref(id);
  // The [id] layout's load (it answered a missing expense with a 404 already): no second call.
  const { scope, queryClient, loaded, people } = await expensePageLoad(id);
  const [result] = await Promise.all([loadForPage(() => loaded, { returnTo, notFoundOn404: true }), people]);
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
