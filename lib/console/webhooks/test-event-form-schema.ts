import { z } from "zod";
import { WebhookEventTypeSchema } from "@/lib/contract";
import { OTHER_EMPLOYMENT } from "./test-event-form";

// The test event form's rules as a zod schema: not for the browser. The form checks with
// `checkTestEventForm` (./test-event-form.ts, no zod); the test holds both to the same answers.

export const TestEventFormSchema = z
  .object({
    employment: z.string().min(1, "choose an employment"),
    other_employment_id: z.string().trim(),
    event_type: z.union([WebhookEventTypeSchema, z.literal("")]).refine((v) => v !== "", "choose an event type"),
  })
  .superRefine((v, ctx) => {
    if (v.employment === OTHER_EMPLOYMENT && v.other_employment_id === "") {
      ctx.addIssue({ code: "custom", path: ["other_employment_id"], message: "enter the employment's ID" });
    }
  });
export type TestEventFormValues = z.input<typeof TestEventFormSchema>;
