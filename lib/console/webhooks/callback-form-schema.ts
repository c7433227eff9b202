import { z } from "zod";
import { WEBHOOK_URL_MAX_LENGTH, WebhookEventTypeSchema } from "@/lib/contract";
import { isHttpUrl } from "./callback-form";

// The callback form's rules as a zod schema: not for the browser. The form checks with
// `checkCallbackForm` (./callback-form.ts, no zod); the test holds both to the same answers.

export const CallbackFormSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "is required")
      .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
      .refine((v) => v === "" || isHttpUrl(v), "must be an absolute URL, such as https://example.com/webhooks"),
    all_events: z.boolean(),
    events: z.array(WebhookEventTypeSchema),
  })
  .superRefine((v, ctx) => {
    if (!v.all_events && v.events.length === 0) {
      ctx.addIssue({ code: "custom", path: ["events"], message: "pick at least one event type, or all events" });
    }
  });
export type CallbackFormValues = z.infer<typeof CallbackFormSchema>;
