import { z } from "zod";

// Server side only (the BFF route): the rules a browser shows are in ./rules.ts, without zod.

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
