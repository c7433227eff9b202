import { withEmploymentId } from "@/lib/console/list";

// Console URLs of expenses (the list's URL state is expensesList in ./list.ts):
//   /expenses/{id}                       one expense: review, receipts
//   /expenses/new?employment_id=…        the create form

export const EXPENSES_PATH = "/expenses";

export const expenseHref = (id: string) => `${EXPENSES_PATH}/${encodeURIComponent(id)}`;
export const newExpenseHref = (employmentId?: string | null) => withEmploymentId(`${EXPENSES_PATH}/new`, employmentId);

/** The BFF route that streams a receipt (inline for previews; `download` asks for an attachment). */
export function receiptPath(expenseId: string, receiptId: string, options: { download?: boolean } = {}): string {
  const base = `/api/bff/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(receiptId)}`;
  return options.download ? `${base}?download=1` : base;
}
