import { z } from "zod";
import { ENVIRONMENTS } from "./environments";

// Every enumeration of the specification (sections 1–3, 5, 6) and of DECISIONS.md.

export const EMPLOYMENT_TYPES = ["employee", "contractor", "direct_employee", "global_payroll_employee"] as const;
export const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES);
export type EmploymentType = z.infer<typeof EmploymentTypeSchema>;

export const EMPLOYMENT_MODELS = ["eor", "peo", "global_payroll"] as const;
export const EmploymentModelSchema = z.enum(EMPLOYMENT_MODELS);
export type EmploymentModel = z.infer<typeof EmploymentModelSchema>;

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
export const EmploymentStatusSchema = z.enum(EMPLOYMENT_STATUSES);
export type EmploymentStatus = z.infer<typeof EmploymentStatusSchema>;

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
export const LifecycleStageSchema = z.enum(LIFECYCLE_STAGES);
export type LifecycleStage = z.infer<typeof LifecycleStageSchema>;

export const USER_STATUSES = ["active", "created", "initiated", "cancelled", "inactive", "deleted"] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

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

export const CONTRACTOR_TYPES = ["standard", "cor", "plus"] as const;
export const ContractorTypeSchema = z.enum(CONTRACTOR_TYPES);

export const PAY_FREQUENCIES = ["weekly", "bi_weekly", "semi_monthly", "monthly"] as const;
export const RATE_TYPES = ["hourly", "daily", "weekly", "monthly", "one_off"] as const;

export const COMPANY_STATUSES = ["pending", "review", "active", "archived"] as const;
export const CompanyStatusSchema = z.enum(COMPANY_STATUSES);
export type CompanyStatus = z.infer<typeof CompanyStatusSchema>;

export const COMPANY_ROLES = ["owner", "admin", "people_manager", "onboarding_manager"] as const;
export const CompanyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;

/** Roles that may be set as an employment's manager (spec 4.1). */
export const MANAGER_ROLES: readonly CompanyRole[] = ["owner", "admin", "people_manager"];

/** Form names of DECISIONS.md ("Forms"). */
export const FORM_NAMES = [
  "employment_basic_information",
  "contractor_basic_information",
  "personal_details",
  "address_details",
  "administrative_details",
  "bank_account_details",
  "billing_address_details",
  "contract_details",
  "emergency_contact_details",
  "pricing_plan_details",
  "employment_document_details",
  "work_address_details",
  "contract_amendment",
] as const;
export const FormNameSchema = z.enum(FORM_NAMES);
export type FormName = z.infer<typeof FormNameSchema>;

export { ENVIRONMENTS };
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof EnvironmentSchema>;
