import type { EXPENSE_CATEGORIES, ExpenseStatus } from "@/lib/contract";
import type { Tone } from "@/lib/console/employments/labels";

// Human labels and badge colours of the expense enums.

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  declined: "Declined",
  processing: "Processing",
  reimbursed: "Reimbursed",
  canceled: "Canceled",
};

export const EXPENSE_STATUS_TONES: Record<ExpenseStatus, Tone> = {
  pending: "amber",
  approved: "green",
  declined: "red",
  processing: "blue",
  reimbursed: "teal",
  canceled: "gray",
};

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  education_training: "Education and training",
  home_office: "Home office",
  meals: "Meals",
  other: "Other",
  phone_utilities: "Phone and utilities",
  tech_equipment: "Tech equipment",
  travel: "Travel",
  coworking: "Coworking",
};
