import type { Metadata } from "next";
import { ExpenseCreateContainer } from "@/components/console/expenses/expense-create-container";
import { Hydrate } from "@/components/console/hydrate";
import { FormPage } from "@/components/console/people-ops/form-page";
import { getPageApi } from "@/lib/console/server/pages";
import { EXPENSES_PATH, newExpenseHref } from "@/lib/console/expenses/links";
import { employmentIdOf } from "@/lib/console/list";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "New expense" };

/** New expense with its receipts: the employments are fetched here first. */
export default async function NewExpensePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const employmentId = employmentIdOf(await searchParams);
  const returnTo = newExpenseHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  await prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <FormPage
      crumbs={[{ href: EXPENSES_PATH, label: "Expenses" }]}
      current="New"
      title="New expense"
      description="Submitted for an employee, pending review, with its receipts."
    >
      <Hydrate client={queryClient}>
        <ExpenseCreateContainer scope={scope} employmentId={employmentId} today={today} />
      </Hydrate>
    </FormPage>
  );
}
