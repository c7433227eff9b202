// The employment enumerations of the specification (types, models, statuses, lifecycle stages, user
// statuses, onboarding tasks), re-exported by ./enums.ts. A module of its own so that the employment
// pages' browser code (labels, the list's filters) takes these without every other enumeration.

export const EMPLOYMENT_TYPES = ["employee", "contractor", "direct_employee", "global_payroll_employee"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const EMPLOYMENT_MODELS = ["eor", "peo", "global_payroll"] as const;
export type EmploymentModel = (typeof EMPLOYMENT_MODELS)[number];

export const EMPLOYMENT_STATUSES = [
  "created",
  "pre_hire",
  "created_awaiting_reserve",
  "created_reserve_paid",
  "initiated",
  "invited",
  "pending",
  "review",
  "job_title_review",
  "pending_post_self_enrollment_actions",
  "offboarding",
  "active",
  "archived",
  "deleted",
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/** Lifecycle stages in lifecycle order (spec 3.2). */
export const LIFECYCLE_STAGES = [
  "employment_creation",
  "employee_self_enrollment",
  "right_to_work_check",
  "contract_signing",
  "remote_enrollment",
  "onboarded",
  "offboarded",
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export const USER_STATUSES = ["active", "created", "initiated", "cancelled", "inactive", "deleted"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The nine onboarding task keys of spec 2.4, in a reading order. */
export const ONBOARDING_TASK_KEYS = [
  "personal_details",
  "address_details",
  "administrative_details",
  "bank_account_details",
  "billing_address_details",
  "contract_details",
  "emergency_contact_details",
  "employment_document_details",
  "pricing_plan_details",
] as const;
export type OnboardingTaskKey = (typeof ONBOARDING_TASK_KEYS)[number];
