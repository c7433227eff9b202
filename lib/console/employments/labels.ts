import {
  EMPLOYMENT_STATUSES,
  LIFECYCLE_STAGES,
  type EmploymentModel,
  type EmploymentStatus,
  type EmploymentType,
  type LifecycleStage,
  type OnboardingTaskKey,
  type UserStatus,
} from "@/lib/contract/employment-enums";

// Human labels and badge colours of the employment enums. One table each, so the list, the detail
// page and the filters always name and colour a value the same way.

/** Badge colours (components/ui/badge accepts exactly these). */
export type Tone = "gray" | "blue" | "sky" | "green" | "amber" | "orange" | "red" | "violet" | "teal";

export const STATUS_LABELS: Record<EmploymentStatus, string> = {
  created: "Created",
  pre_hire: "Pre-hire",
  created_awaiting_reserve: "Awaiting reserve",
  created_reserve_paid: "Reserve paid",
  initiated: "Initiated",
  invited: "Invited",
  pending: "Pending",
  review: "In review",
  job_title_review: "Job title review",
  pending_post_self_enrollment_actions: "Post-enrolment actions",
  offboarding: "Offboarding",
  active: "Active",
  archived: "Archived",
  deleted: "Deleted",
};

/**
 * Status colours by phase: onboarding in blue, waiting on someone in amber, leaving in orange,
 * working in green, ended in gray, deleted in red.
 */
export const STATUS_TONES: Record<EmploymentStatus, Tone> = {
  created: "blue",
  pre_hire: "blue",
  created_awaiting_reserve: "amber",
  created_reserve_paid: "blue",
  initiated: "blue",
  invited: "sky",
  pending: "amber",
  review: "amber",
  job_title_review: "amber",
  pending_post_self_enrollment_actions: "amber",
  offboarding: "orange",
  active: "green",
  archived: "gray",
  deleted: "red",
};

/** Status options in the order of spec 3.1 (the filter lists them so). */
export const STATUS_OPTIONS = EMPLOYMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export const LIFECYCLE_LABELS: Record<LifecycleStage, string> = {
  employment_creation: "Employment creation",
  employee_self_enrollment: "Self-enrolment",
  right_to_work_check: "Right to work check",
  contract_signing: "Contract signing",
  remote_enrollment: "Remote enrolment",
  onboarded: "Onboarded",
  offboarded: "Offboarded",
};

export const LIFECYCLE_TONES: Record<LifecycleStage, Tone> = {
  employment_creation: "gray",
  employee_self_enrollment: "sky",
  right_to_work_check: "sky",
  contract_signing: "sky",
  remote_enrollment: "sky",
  onboarded: "teal",
  offboarded: "gray",
};

/** Position of a stage in the lifecycle order of spec 3.2 (1-based). */
export const lifecycleStep = (stage: LifecycleStage) => LIFECYCLE_STAGES.indexOf(stage) + 1;

export const TYPE_LABELS: Record<EmploymentType, string> = {
  employee: "Employee",
  contractor: "Contractor",
  direct_employee: "Direct employee",
  global_payroll_employee: "Global payroll employee",
};

export const TYPE_TONES: Record<EmploymentType, Tone> = {
  employee: "violet",
  contractor: "teal",
  direct_employee: "gray",
  global_payroll_employee: "gray",
};

export const MODEL_LABELS: Record<EmploymentModel, string> = {
  eor: "EOR",
  peo: "PEO",
  global_payroll: "Global payroll",
};

export const MODEL_DESCRIPTIONS: Record<EmploymentModel, string> = {
  eor: "Employer of record",
  peo: "Professional employer organisation",
  global_payroll: "Global payroll",
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: "Active",
  created: "Created",
  initiated: "Invited",
  cancelled: "Cancelled",
  inactive: "Inactive",
  deleted: "Deleted",
};

export const USER_STATUS_TONES: Record<UserStatus, Tone> = {
  active: "green",
  created: "gray",
  initiated: "sky",
  cancelled: "gray",
  inactive: "gray",
  deleted: "red",
};

export const TASK_LABELS: Record<OnboardingTaskKey, string> = {
  personal_details: "Personal details",
  address_details: "Address",
  administrative_details: "Administrative details",
  bank_account_details: "Bank account",
  billing_address_details: "Billing address",
  contract_details: "Contract details",
  emergency_contact_details: "Emergency contact",
  employment_document_details: "Employment documents",
  pricing_plan_details: "Pricing plan",
};

/** Labels of the country-form sections of an employment (spec 2.1 object fields). */
export const SECTION_LABELS: Record<string, string> = {
  basic_information: "Basic information",
  personal_details: "Personal details",
  address_details: "Home address",
  work_address_details: "Work address",
  billing_address_details: "Billing address",
  administrative_details: "Administrative details",
  contract_details: "Contract details",
  emergency_contact_details: "Emergency contact",
  bank_account_details: "Bank accounts",
};

/** "first_day_of_work" → "First day of work": a fallback label for keys without a table entry. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}
