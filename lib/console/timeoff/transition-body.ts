import type { z } from "zod";
import { UpdateTimeoffBodySchema } from "@/lib/contract";

// Server side only (the BFF route): the rules a browser shows are in ./rules.ts, without zod.

/**
 * What the BFF lets through to `PATCH /v1/timeoff/{id}`: a status move and its reason, nothing else
 * (the console edits no dates). The reason rules are the contract's; the API checks the move.
 */
export const TimeoffTransitionBodySchema = UpdateTimeoffBodySchema.pick({
  status: true,
  decline_reason: true,
  cancel_reason: true,
}).superRefine((b, ctx) => {
  if (!b.status) ctx.addIssue({ code: "custom", path: ["status"], message: "is required", input: b.status });
  if (b.status === "declined" && !b.decline_reason)
    ctx.addIssue({ code: "custom", path: ["decline_reason"], message: "can't be blank", input: b.decline_reason });
  if (b.status === "cancelled" && !b.cancel_reason)
    ctx.addIssue({ code: "custom", path: ["cancel_reason"], message: "can't be blank", input: b.cancel_reason });
});
export type TimeoffTransitionBody = z.infer<typeof TimeoffTransitionBodySchema>;
