import type { Employment, EmploymentModel, EmploymentStatus, EmploymentType, OnboardingTaskKey } from "@/lib/contract";
import { MODEL_LABELS, STATUS_LABELS, TASK_LABELS, TYPE_LABELS } from "./labels";
import { employmentFormHref } from "./form-links";

// Which operations the console offers for an employment, and why not when it doesn't. The API
// enforces all of this (and answers 422/409/403); the console only avoids offering what would fail.

/** Spec section 1: for these types only list and show exist. */
export const READ_ONLY_TYPES: ReadonlySet<EmploymentType> = new Set(["contractor", "direct_employee", "global_payroll_employee"]);
/** Spec section 1: for these models only list and show exist. */
export const READ_ONLY_MODELS: ReadonlySet<EmploymentModel> = new Set(["peo", "global_payroll"]);

/** Statuses in which an employment accepts no more country-form sections (docs/decisions/api-employment-rules.md). */
const CLOSED_STATUSES: ReadonlySet<EmploymentStatus> = new Set(["offboarding", "archived", "deleted"]);
/** What an active employment may still change through its forms (change of 2023-09-21). */
const ACTIVE_FORM_TASKS: ReadonlySet<OnboardingTaskKey> = new Set(["address_details", "emergency_contact_details"]);

/**
 * Why only list and show are available for this employment (spec section 1), or null when every
 * operation is. The type is checked first: it is the reason a reader recognises.
 */
export function readOnlyReason(e: Pick<Employment, "type" | "employment_model">): string | null {
  if (READ_ONLY_TYPES.has(e.type)) {
    return `${TYPE_LABELS[e.type]} employments can only be listed and viewed: the API offers no other operation for the ${e.type} type.`;
  }
  if (e.employment_model && READ_ONLY_MODELS.has(e.employment_model)) {
    return `Employments of the ${MODEL_LABELS[e.employment_model]} model can only be listed and viewed: the API offers no other operation for the ${e.employment_model} model.`;
  }
  return null;
}

export type Availability = { available: true } | { available: false; reason: string };

/** Update employment (spec 4.1): refused only by type or model (the API checks roles and company state). */
export function updateAvailability(e: Pick<Employment, "type" | "employment_model">): Availability {
  const reason = readOnlyReason(e);
  return reason ? { available: false, reason } : { available: true };
}

export type TaskAction = { kind: "done" } | { kind: "form"; href: string; label: string } | { kind: "unavailable"; reason: string };

/**
 * What a task of the onboarding list offers: its form (to complete it, or to change a completed
 * one while the API still accepts the section), the reason a pending one can't be completed, or
 * nothing for a completed one that can no longer change. The API has no operation that sets a task
 * back to pending: a completed task is reopened by submitting its section again
 * (docs/decisions/console-onboarding-task-reopen.md).
 */
export function taskAction(
  e: Pick<Employment, "id" | "type" | "employment_model" | "status" | "country" | "onboarding_tasks">,
  key: OnboardingTaskKey,
): TaskAction {
  const completed = e.onboarding_tasks[key].status === "completed";
  const refused = sectionRefusal(e, key);
  if (refused) return completed ? { kind: "done" } : { kind: "unavailable", reason: refused };
  const verb = completed ? "Edit" : "Complete";
  return { kind: "form", href: employmentFormHref(e.id, key), label: `${verb} ${TASK_LABELS[key].toLowerCase()}` };
}

/** Why the API would refuse this task's section now, or null when it accepts it. */
function sectionRefusal(e: Pick<Employment, "type" | "employment_model" | "status" | "country">, key: OnboardingTaskKey): string | null {
  const readOnly = readOnlyReason(e);
  if (readOnly) return readOnly;
  if (CLOSED_STATUSES.has(e.status)) return `An employment in status ${STATUS_LABELS[e.status]} no longer accepts form data.`;
  if (e.status === "active" && !ACTIVE_FORM_TASKS.has(key)) {
    return "Once an employment is active, only its address and emergency contact can be changed.";
  }
  // country.supported_json_schemas is not consulted: the real provider names forms there differently
  // (e.g. "emergency_contact"), so the forms page reports an unavailable form itself (422).
  if (!e.country) return "The employment has no country, so it has no country forms.";
  return null;
}
