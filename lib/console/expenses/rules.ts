import type { Expense } from "@/lib/contract";
import { EXPENSE_STATUS_LABELS } from "./labels";

// What can be done to an expense (docs/decisions/areas-people-ops-expense-lifecycle.md): a pending
// one is reviewed (approved, or declined with a reason); a reviewed one can't be reviewed again;
// processing, reimbursed and canceled happen on the provider's side.

export type ReviewAvailability = { available: true } | { available: false; reason: string };

export function reviewAvailability(e: Pick<Expense, "status">): ReviewAvailability {
  if (e.status === "pending") return { available: true };
  return {
    available: false,
    reason: `This expense is ${EXPENSE_STATUS_LABELS[e.status].toLowerCase()}: only pending expenses can be reviewed.`,
  };
}

// The BFF's body schema of a review is in ./review-body.ts (zod: kept out of the browser).
export type { ExpenseReviewBody } from "./review-body";
