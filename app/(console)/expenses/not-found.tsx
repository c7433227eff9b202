import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { EXPENSES_PATH } from "@/lib/console/expenses/links";

export default function ExpenseNotFound() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Expense not found</h1>
      <EmptyState
        title="No such expense in this environment"
        actions={
          <ButtonLink href={EXPENSES_PATH} variant="secondary">
            All expenses
          </ButtonLink>
        }
      >
        It may belong to the other environment or another company, or it was deleted.
      </EmptyState>
    </>
  );
}
