import { checked, type FormCheck, type FormIssue } from "@/lib/console/form-check";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import type { EmploymentListItem, SandboxTriggerWebhookBody, WebhookEventType } from "@/lib/contract";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract/enums";

// "Send test event" (sandbox): an employment of the company and an event type.

/** The employments offered by the picker: the first page of 100 (the page prefetches the same key). */
export const TEST_EVENT_EMPLOYMENTS_QUERY = { page: 1, page_size: 100 };

/** The value of the employment select that reveals a text box for an ID (the list shows one page). */
export const OTHER_EMPLOYMENT = "__other__";

export interface TestEventFormValues {
  employment: string;
  other_employment_id: string;
  event_type: WebhookEventType | "";
}

/**
 * The form's rules, without zod (the webhooks page ships this form): an employment (or, for
 * "another", its ID), an event type of the contract. ./test-event-form-schema.ts is the zod schema
 * these match, message for message (the test compares both through react-hook-form's resolvers).
 */
export const checkTestEventForm: FormCheck<TestEventFormValues> = (v) => {
  const issues: FormIssue[] = [];
  const other = String(v.other_employment_id ?? "").trim();
  if (String(v.employment ?? "").length < 1) issues.push({ path: "employment", message: "choose an employment", code: "too_small" });
  const known = v.event_type === "" || (WEBHOOK_EVENT_TYPES as readonly string[]).includes(v.event_type);
  // As zodResolver shows the union's failure: the enum's message.
  if (!known)
    issues.push({
      path: "event_type",
      message: `Invalid option: expected one of ${WEBHOOK_EVENT_TYPES.map((t) => JSON.stringify(t)).join("|")}`,
      code: "invalid_value",
    });
  else if (v.event_type === "") issues.push({ path: "event_type", message: "choose an event type", code: "custom" });
  if (known && v.employment === OTHER_EMPLOYMENT && other === "")
    issues.push({ path: "other_employment_id", message: "enter the employment's ID", code: "custom" });
  return checked({ employment: v.employment, other_employment_id: other, event_type: v.event_type }, issues);
};

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
