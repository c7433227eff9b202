import { EXPENSE_COLUMNS } from "@/components/console/expenses/expenses-table";
import { ListPageSkeleton } from "@/components/console/list";

export default function ExpensesLoading() {
  return <ListPageSkeleton columns={EXPENSE_COLUMNS} />;
}
