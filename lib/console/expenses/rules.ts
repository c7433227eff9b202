import { z } from "zod";
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

/**
 * What the BFF lets through to `PATCH /v1/expenses/{id}`: the review, nothing else (the console edits
 * no expense). The rules are the contract's UpdateExpenseBodySchema's for these two fields.
 */
export const ExpenseReviewBodySchema = z
  .strictObject({
    status: z.enum(["approved", "declined"], { message: "must be approved or declined" }),
    reason: z.string().trim().max(2000, "must be at most 2000 characters").optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === "declined" && !b.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "can't be blank", input: b.reason });
  });
export type ExpenseReviewBody = z.infer<typeof ExpenseReviewBodySchema>;
