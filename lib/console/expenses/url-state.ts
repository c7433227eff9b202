import { EXPENSE_STATUSES } from "@/lib/contract";
import { defineListState, withEmploymentId, type ListApiQuery, type ListState } from "@/lib/console/timeoff/people-ops/list-state";

// Expenses pages keep their state in the URL:
//   /expenses?employment_id=…&status=pending&page=2&page_size=50
//   /expenses/{id}                       one expense: review, receipts
//   /expenses/new?employment_id=…        the create form

export const EXPENSES_PATH = "/expenses";
export const expensesList = defineListState(EXPENSES_PATH, { status: EXPENSE_STATUSES });
export type ExpenseListState = ListState<typeof expensesList.filters>;
export type ExpenseListApiQuery = ListApiQuery<typeof expensesList.filters>;

export const expenseHref = (id: string) => `${EXPENSES_PATH}/${encodeURIComponent(id)}`;
export const newExpenseHref = (employmentId?: string | null) => withEmploymentId(`${EXPENSES_PATH}/new`, employmentId);

/** The BFF route that streams a receipt (inline for previews; `download` asks for an attachment). */
export function receiptPath(expenseId: string, receiptId: string, options: { download?: boolean } = {}): string {
  const base = `/api/bff/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(receiptId)}`;
  return options.download ? `${base}?download=1` : base;
}
