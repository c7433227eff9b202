import { EXPENSE_CATEGORY_TITLES, type EXPENSE_CATEGORIES } from "@/lib/contract/enums";
import type { AnyExpenseStatus, Expense } from "@/lib/contract";
import { formatMinor } from "@/lib/console/people-ops/money";
import type { Tone } from "@/lib/console/employments/labels";

// Human labels and badge colours of the expense enums.

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** Every status the provider may answer (its drafts included). */
export const EXPENSE_STATUS_LABELS: Record<AnyExpenseStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  declined: "Declined",
  processing: "Processing",
  reimbursed: "Reimbursed",
  canceled: "Canceled",
  draft: "Draft",
  archived: "Archived",
};

export const EXPENSE_STATUS_TONES: Record<AnyExpenseStatus, Tone> = {
  pending: "amber",
  approved: "green",
  declined: "red",
  processing: "blue",
  reimbursed: "teal",
  canceled: "gray",
  draft: "gray",
  archived: "gray",
};

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = EXPENSE_CATEGORY_TITLES;

/** The category's title: the provider's `expense_category`, else the flat `category`, else none. */
export function expenseCategoryLabel(e: Pick<Expense, "category" | "expense_category">): string {
  if (e.expense_category?.title) return e.expense_category.title;
  if (!e.category) return "No category";
  return EXPENSE_CATEGORY_LABELS[e.category as ExpenseCategory] ?? e.category.replace(/_/g, " ");
}

/** An amount of an expense; a provider draft may have neither amount nor currency yet. */
export function expenseMoney(amount: number | null, currency: { code: string } | null): string {
  return amount === null ? "Not set" : formatMinor(amount, currency?.code);
}

/** The title, or a stand-in for a provider draft without one. */
export const expenseTitle = (e: Pick<Expense, "title">) => e.title ?? "Untitled draft";
