import { EXPENSE_STATUSES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { EXPENSES_PATH } from "./links";

// The expenses list: /expenses?employment_id=…&status=pending&page=2&page_size=50

export const expensesList = defineList(EXPENSES_PATH, {
  filters: { employmentId: filter.employment(), status: filter.enum(EXPENSE_STATUSES) },
});
export type ExpenseListState = ListStateOf<typeof expensesList>;
export type ExpenseListApiQuery = ListApiQueryOf<typeof expensesList>;
