import { z } from "zod";
import { CountrySchema, MinimalCountrySchema } from "./country";
import {
  ContractorTypeSchema,
  EmploymentModelSchema,
  EmploymentStatusSchema,
  EmploymentTypeSchema,
  LifecycleStageSchema,
  UserStatusSchema,
} from "./enum-schemas";
import { ONBOARDING_TASK_KEYS, PAY_FREQUENCIES, RATE_TYPES } from "./enums";
import { commaSeparatedQuery, listEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime();
const section = z.record(z.string(), z.unknown());

export const TaskDescriptionSchema = z.object({
  description: z.string(),
  status: z.enum(["completed", "pending"]),
});

/** OnboardingTasks of spec 2.4: exactly the nine keys. */
export const OnboardingTasksSchema = z.strictObject(
  Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, TaskDescriptionSchema])) as Record<
    (typeof ONBOARDING_TASK_KEYS)[number],
    typeof TaskDescriptionSchema
  >,
);
export type OnboardingTasks = z.infer<typeof OnboardingTasksSchema>;

/** File of spec 2.3 (no additional properties). */
export const FileSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  sub_type: z.string().nullable().optional(),
  inserted_at: isoDateTime,
});
export type EmploymentFile = z.infer<typeof FileSchema>;

export const ContractorRateSchema = z.object({
  amount: z.object({ amount: z.number(), currency: z.object({ code: z.string() }) }),
  pay_frequency: z.enum(PAY_FREQUENCIES).nullable(),
  slug: z.string(),
  type: z.enum(RATE_TYPES),
});

export const PricingPlanDetailsSchema = z.object({ frequency: z.enum(["annually", "monthly"]) });

/** Employment of spec 2.1, as returned by show and update. */
export const EmploymentSchema = z.object({
  id: z.uuid(),
  short_id: z.string().optional(),
  company_id: z.uuid(),
  type: EmploymentTypeSchema,
  employment_model: EmploymentModelSchema.nullable(),
  status: EmploymentStatusSchema,
  employment_lifecycle_stage: LifecycleStageSchema,
  user_status: UserStatusSchema.optional(),
  full_name: z.string(),
  job_title: z.string().nullable(),
  personal_email: z.string(),
  login_email: z.string(),
  work_email: z.string(),
  /** Full name of the manager; absent when none (the provider omits it, never null). */
  manager: z.string().optional(),
  manager_email: z.string().nullable(),
  manager_employment_id: z.string().nullable(),
  department: z.string().nullable().optional(),
  department_id: z.uuid().nullable().optional(),
  // Optional strings of spec 2.1: absent when unset, as the provider's Employment (never null).
  external_id: z.string().optional(),
  provisional_start_date: isoDate.optional(),
  seniority_date: isoDate.optional(),
  probation_period_end_date: isoDate.optional(),
  active_contract_id: z.uuid().optional(),
  eligible_for_onboarding_cancellation: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  country: CountrySchema.nullable(),
  onboarding_tasks: OnboardingTasksSchema,
  pricing_plan_details: PricingPlanDetailsSchema,
  files: z.array(FileSchema),
  personal_details: section,
  basic_information: section.optional(),
  address_details: section,
  work_address_details: section,
  billing_address_details: section,
  administrative_details: section,
  contract_details: section,
  emergency_contact_details: section,
  bank_account_details: z.array(section),
  /** Present only for contractors with a type (the provider omits it otherwise, never null). */
  contractor_type: ContractorTypeSchema.optional(),
  contractor_settings: z.object({ requires_work_confirmation: z.boolean() }).nullable().optional(),
  contractor_rate: ContractorRateSchema.nullable().optional(),
});
export type Employment = z.infer<typeof EmploymentSchema>;

/** List item: the provider's MinimalEmployment (DECISIONS.md's reduced item plus `work_address_details`). */
export const EmploymentListItemSchema = EmploymentSchema.pick({
  id: true,
  short_id: true,
  full_name: true,
  job_title: true,
  personal_email: true,
  login_email: true,
  work_email: true,
  status: true,
  type: true,
  employment_model: true,
  employment_lifecycle_stage: true,
  country: true,
  department: true,
  department_id: true,
  work_address_details: true,
}).extend({
  country: MinimalCountrySchema.nullable(),
  /** Required on the provider's MinimalEmployment, null when unset. */
  external_id: z.string().nullable(),
  work_email: z.string().nullable(),
});
export type EmploymentListItem = z.infer<typeof EmploymentListItemSchema>;

export const EmploymentListResponseSchema = listEnvelopeSchema("employments", EmploymentListItemSchema);
export const EmploymentResponseSchema = resourceEnvelopeSchema("employment", EmploymentSchema);

/** What `POST /v1/employments` answers: the provider's EmploymentBasicResponse (200, EmploymentCreationResponse). */
export const EmploymentBasicSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  country_code: z.string(),
  type: EmploymentTypeSchema,
  full_name: z.string(),
  job_title: z.string().nullable(),
  personal_email: z.string(),
  login_email: z.string(),
  employment_lifecycle_stage: LifecycleStageSchema,
  provisional_start_date: isoDate.optional(),
  basic_information: section,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type EmploymentBasic = z.infer<typeof EmploymentBasicSchema>;
export const EmploymentCreationResponseSchema = resourceEnvelopeSchema("employment", EmploymentBasicSchema);

export const EmploymentListQuerySchema = z.object({
  status: commaSeparatedQuery(EmploymentStatusSchema, "status"),
  email: z.string().optional(),
  // The provider's further query parameters (GetV1EmploymentsData).
  company_id: z.string().optional(),
  employment_type: commaSeparatedQuery(EmploymentTypeSchema, "employment_type"),
  employment_model: EmploymentModelSchema.optional(),
  short_id: z.string().optional(),
});

/** Query of show employment (the provider's GetV1EmploymentsEmploymentIdData): `exclude_files=true` answers `files: []`. */
export const ShowEmploymentQuerySchema = z.object({ exclude_files: z.enum(["true", "false"]).optional() });

/** Update employment, spec 4.1: exactly four optional properties, nothing else. */
export const UpdateEmploymentV2BodySchema = z.strictObject({
  department_id: z.string().nullable().optional(),
  external_id: z.string().max(64, "must be at most 64 characters").nullable().optional(),
  manager_id: z.string().optional(),
  work_email: z.email("must be a valid email address").optional(),
});
export type UpdateEmploymentV2Body = z.infer<typeof UpdateEmploymentV2BodySchema>;

/** Country-form sections accepted by create and update employment (v1). */
export const EMPLOYMENT_SECTIONS = [
  "basic_information",
  "personal_details",
  "address_details",
  "work_address_details",
  "billing_address_details",
  "administrative_details",
  "contract_details",
  "emergency_contact_details",
  "bank_account_details",
  "pricing_plan_details",
  "employment_document_details",
] as const;
export type EmploymentSection = (typeof EMPLOYMENT_SECTIONS)[number];

/**
 * The provider's EmploymentCreateParams, plus Roster's `employment_model`. `company_id` must be the
 * token's company when given; the legal-entity fields are accepted and not modelled (one entity per company).
 */
export const CreateEmploymentBodySchema = z.strictObject({
  country_code: z.string(),
  type: EmploymentTypeSchema.default("employee"),
  basic_information: section,
  external_id: z.string().max(64, "must be at most 64 characters").nullable().optional(),
  employment_model: EmploymentModelSchema.optional(),
  company_id: z.string().optional(),
  bill_to_legal_entity_id: z.string().optional(),
  engaged_by_entity_slug: z.string().optional(),
  engaged_by_legal_entity_id: z.string().optional(),
});
export type CreateEmploymentBody = z.infer<typeof CreateEmploymentBodySchema>;

export const UpdateEmploymentV1BodySchema = z.strictObject({
  basic_information: section.optional(),
  personal_details: section.optional(),
  address_details: section.optional(),
  work_address_details: section.optional(),
  billing_address_details: section.optional(),
  administrative_details: section.optional(),
  contract_details: section.optional(),
  emergency_contact_details: section.optional(),
  bank_account_details: z.union([section, z.array(section)]).optional(),
  pricing_plan_details: section.optional(),
  employment_document_details: section.optional(),
  manager_id: z.string().optional(),
  external_id: z.string().max(64, "must be at most 64 characters").nullable().optional(),
  // Also in the provider's EmploymentFullParams: applied as on v2 (department_id, work_email) or checked
  // against the record (company_id, country_code, country, type: a different value is a 422).
  department_id: z.string().nullable().optional(),
  work_email: z.email("must be a valid email address").optional(),
  company_id: z.string().optional(),
  country_code: z.string().optional(),
  country: z.object({ code: z.string() }).loose().optional(),
  type: z.enum(["employee", "contractor"]).optional(),
});
export type UpdateEmploymentV1Body = z.infer<typeof UpdateEmploymentV1BodySchema>;

export const SandboxEmploymentUpdateBodySchema = z.strictObject({
  status: z.literal("active").optional(),
  provisional_start_date: isoDate.optional(),
});
