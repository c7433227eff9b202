import { EXPENSE_STATUSES } from "@/lib/contract";
import { defineList, filter, withEmploymentId, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";

// Expenses pages keep their state in the URL:
//   /expenses?employment_id=…&status=pending&page=2&page_size=50
//   /expenses/{id}                       one expense: review, receipts
//   /expenses/new?employment_id=…        the create form

export const EXPENSES_PATH = "/expenses";
export const expensesList = defineList(EXPENSES_PATH, {
  filters: { employmentId: filter.employment(), status: filter.enum(EXPENSE_STATUSES) },
});
export type ExpenseListState = ListStateOf<typeof expensesList>;
export type ExpenseListApiQuery = ListApiQueryOf<typeof expensesList>;

export const expenseHref = (id: string) => `${EXPENSES_PATH}/${encodeURIComponent(id)}`;
export const newExpenseHref = (employmentId?: string | null) => withEmploymentId(`${EXPENSES_PATH}/new`, employmentId);

/** The BFF route that streams a receipt (inline for previews; `download` asks for an attachment). */
export function receiptPath(expenseId: string, receiptId: string, options: { download?: boolean } = {}): string {
  const base = `/api/bff/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(receiptId)}`;
  return options.download ? `${base}?download=1` : base;
}
