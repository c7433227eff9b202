import { z } from "zod";
import { CompanyRoleSchema } from "@/lib/contract";

// The invite form's rules as a zod schema (the contract's): not for the browser. The form checks
// with `checkInviteManagerForm` (./invite-form.ts, no zod); the test holds both to the same answers.

export const InviteManagerFormSchema = z.object({
  name: z.string().trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
  email: z.string().trim().min(1, "can't be blank").pipe(z.email("must be a valid email address")),
  role: CompanyRoleSchema,
});
