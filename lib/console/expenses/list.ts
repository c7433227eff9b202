import { EXPENSE_STATUSES } from "@/lib/contract/enums";
import type { Expense } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { expenseTitle } from "./labels";
import { EXPENSES_PATH } from "./links";

// The expenses list: /expenses?sort=amount&order=desc&employment_id=…&status=pending&page=2&page_size=50&hide=receipts
// Every column sorts (the API has no sort: the server sorts across all pages, lib/console/server/list/sorted.ts).

export const EXPENSE_SORT_KEYS = ["expense", "employee", "date", "amount", "receipts", "status"] as const;

export const expensesList = defineList(EXPENSES_PATH, {
  sort: { keys: EXPENSE_SORT_KEYS },
  columns: EXPENSE_SORT_KEYS.slice(1),
  filters: { employmentId: filter.employment(), status: filter.enum(EXPENSE_STATUSES) },
});
export type ExpenseListState = ListStateOf<typeof expensesList>;
export type ExpenseListApiQuery = ListApiQueryOf<typeof expensesList>;

/** Sort values (the employee's name is added by the server: lib/console/server/people-ops/sort.ts). Amounts compare in the company's currency when the API converted them. */
export const expenseSortAccessors: SortAccessors<Expense> = {
  expense: (e) => expenseTitle(e),
  date: (e) => e.expense_date,
  amount: (e) => e.converted_amount ?? e.amount,
  receipts: (e) => e.receipts.length,
  status: (e) => e.status,
};
