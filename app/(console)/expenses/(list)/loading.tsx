import { EXPENSE_COLUMNS } from "@/components/console/expenses/expense-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function ExpensesLoading() {
  return <ListPageSkeleton what="expenses" columns={EXPENSE_COLUMNS} rows={8} filters={3} />;
}
