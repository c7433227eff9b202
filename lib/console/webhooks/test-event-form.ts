import { z } from "zod";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import { WebhookEventTypeSchema, type EmploymentListItem, type SandboxTriggerWebhookBody } from "@/lib/contract";

// "Send test event" (sandbox): an employment of the company and an event type.

/** The employments offered by the picker: the first page of 100 (the page prefetches the same key). */
export const TEST_EVENT_EMPLOYMENTS_QUERY = { page: 1, page_size: 100 };

/** The value of the employment select that reveals a text box for an ID (the list shows one page). */
export const OTHER_EMPLOYMENT = "__other__";

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

export const EMPTY_TEST_EVENT_FORM: TestEventFormValues = { employment: "", other_employment_id: "", event_type: "" };

export function toTestEventBody(values: TestEventFormValues): SandboxTriggerWebhookBody {
  const employmentId = values.employment === OTHER_EMPLOYMENT ? values.other_employment_id.trim() : values.employment;
  return { employment_id: employmentId, event_type: values.event_type };
}

/** "Ada Lovelace · Active · DEU" for the select. */
export function employmentOptionLabel(e: Pick<EmploymentListItem, "full_name" | "status" | "country">): string {
  return [e.full_name, STATUS_LABELS[e.status] ?? e.status, e.country?.code].filter(Boolean).join(" · ");
}

/** The API's 422 field names (without `body.`, lib/console/errors/split-422.ts) → the form's (`employment_id` goes to whichever control holds it). */
export function testEventFieldOf(key: string, values: TestEventFormValues): keyof TestEventFormValues | null {
  if (key === "event_type") return "event_type";
  if (key === "employment_id") return values.employment === OTHER_EMPLOYMENT ? "other_employment_id" : "employment";
  return null;
}
