import { z } from "zod";
import { providerListEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";
import { Base64FileSchema, PlainDateSchema } from "./timeoff";
import { OFFBOARDING_STATUSES, TERMINATION_REASONS, RISK_ASSESSMENT_REASONS } from "./enums";

// Offboardings (spec 4.2 "Offboardings"; shapes of the provider's current API: `TerminationOffboarding`
// and `TerminationDetailsParams` in types.gen.ts; docs/decisions/contract-people-ops.md).

/** What the API creates: a termination. */
export const OFFBOARDING_TYPES = ["termination"] as const;
export const OffboardingTypeSchema = z.enum(OFFBOARDING_TYPES, { message: "must be termination" });
/** What the provider lists: terminations, and resignations (employee-initiated; Roster never has them). */
export const ANY_OFFBOARDING_TYPES = ["termination", "resignation"] as const;

export const OffboardingStatusSchema = z.enum(OFFBOARDING_STATUSES, { message: `must be one of: ${OFFBOARDING_STATUSES.join(", ")}` });
export type OffboardingStatus = z.infer<typeof OffboardingStatusSchema>;

export const TerminationReasonSchema = z.enum(TERMINATION_REASONS, { message: "is not a known termination reason" });

export const RiskAssessmentReasonSchema = z.enum(RISK_ASSESSMENT_REASONS, { message: "is not a known risk assessment reason" });

export const EmployeeAwarenessSchema = z.object({ date: z.iso.date().nullable().optional(), note: z.string().nullable().optional() });

/** The provider's `TerminationOffboarding`: optional fields it omits are absent, never null. */
export const TerminationOffboardingSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  type: z.literal("termination"),
  status: OffboardingStatusSchema,
  confidential: z.boolean(),
  proposed_termination_date: z.iso.date(),
  /** The date agreed after review; the proposed date until then. */
  termination_date: z.iso.date().nullable(),
  termination_reason: TerminationReasonSchema,
  reason_description: z.string(),
  risk_assessment_reasons: z.array(RiskAssessmentReasonSchema),
  will_challenge_termination: z.boolean(),
  /** Absent when not given. */
  will_challenge_termination_description: z.string().optional(),
  additional_comments: z.string().nullable(),
  /** Present only when the employee was told before the request. */
  employee_awareness: EmployeeAwarenessSchema.optional(),
  /** A boolean; absent when the employer did not say. */
  agrees_to_pto_amount: z.boolean().optional(),
  /** The address for post-termination communication; absent when not given. */
  personal_email: z.string().optional(),
  /** The company user who submitted it. */
  requested_by: z.string(),
  submitted_at: z.iso.datetime(),
  /** The provider's v2 offboarding id (Roster has none: absent). */
  offboarding_id: z.string().nullable().optional(),
});
export type TerminationOffboarding = z.infer<typeof TerminationOffboardingSchema>;

export const RESIGNATION_REASONS = [
  "cancellation_before_start_date",
  "company_culture_or_values",
  "conversion_to_contractor",
  "conversion_to_global_payroll",
  "conversion_to_peo",
  "dissatisfaction_with_remote_service",
  "incapacity_to_perform_inherent_duties",
  "infrastructure_challenges",
  "lack_of_recognition",
  "leadership",
  "mutual_agreement",
  "other",
  "other_job_opportunity",
  "personal_reasons",
  "position_does_not_meet_expectations",
  "relationship_with_coworkers",
  "relocation_from_entity_to_entity_by_employee",
  "relocation_leaving_remote",
  "remuneration_and_benefits",
  "retirement",
  "transfer_and_relocation_new_customer_and_new_country",
  "transfer_between_remote_customer",
  "transfer_from_remote_to_customer",
  "transfer_from_remote_to_other_eor",
] as const;

/** The provider's `ResignationOffboarding`, parsed (the console lists what the provider answers); Roster never creates one. */
export const ResignationOffboardingSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  type: z.literal("resignation"),
  status: OffboardingStatusSchema,
  proposed_last_working_day: z.iso.date(),
  termination_date: z.iso.date().nullable(),
  resignation_reason: z.enum(RESIGNATION_REASONS),
  reason_description: z.string().optional(),
  additional_comments: z.string().nullable().optional(),
  employer_awareness: z.string().optional(),
  agrees_to_pto_amount: z.boolean().optional(),
  requested_by: z.string(),
  submitted_at: z.iso.datetime(),
  offboarding_id: z.string().nullable().optional(),
});
export type ResignationOffboarding = z.infer<typeof ResignationOffboardingSchema>;

/** The provider's `ResignationOrTerminationOffboarding`. */
export const OffboardingSchema = z.discriminatedUnion("type", [TerminationOffboardingSchema, ResignationOffboardingSchema]);
export type Offboarding = z.infer<typeof OffboardingSchema>;
export const OffboardingResponseSchema = resourceEnvelopeSchema("offboarding", OffboardingSchema);
export const OffboardingListResponseSchema = providerListEnvelopeSchema("offboardings", OffboardingSchema);

export const OffboardingListQuerySchema = z.object({
  employment_id: z.string().max(64).optional(),
  /** The provider's filter: `resignation` is a valid value (Roster has none, so it lists nothing). */
  type: z.enum(ANY_OFFBOARDING_TYPES, { message: "must be termination or resignation" }).optional(),
  status: OffboardingStatusSchema.optional(),
  /** The provider's: confidential requests (the caller's own) are listed only when `true`. */
  include_confidential: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
});

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** The provider's `OffboardingFile`: a file name and its base64 content. */
const OffboardingFileSchema = Base64FileSchema;

export const TerminationDetailsSchema = z
  .strictObject({
    /** Confidential requests are visible only to the user who submitted them. */
    confidential: z.boolean({ message: "must be true or false" }),
    proposed_termination_date: PlainDateSchema,
    termination_reason: TerminationReasonSchema,
    reason_description: z.string().trim().min(1, "can't be blank").max(5000, "must be at most 5000 characters"),
    risk_assessment_reasons: z
      .array(RiskAssessmentReasonSchema)
      .min(1, "must list at least one reason (none_of_these when none applies)")
      .max(RISK_ASSESSMENT_REASONS.length),
    will_challenge_termination: z.boolean({ message: "must be true or false" }),
    will_challenge_termination_description: text(5000).nullable().optional(),
    additional_comments: text(5000).nullable().optional(),
    employee_awareness: z
      .strictObject({ date: PlainDateSchema.nullable().optional(), note: text(2000).nullable().optional() })
      .nullable()
      .optional(),
    agrees_to_pto_amount: z.boolean({ message: "must be true or false" }).nullable().optional(),
    agrees_to_pto_amount_notes: text(5000).nullable().optional(),
    acknowledge_termination_procedure: z.boolean({ message: "must be true or false" }).nullable().optional(),
    customer_informed_employee: z.boolean({ message: "must be true or false" }).nullable().optional(),
    personal_email: z.email({ message: "must be an email address" }).max(255, "must be at most 255 characters").optional(),
    termination_reason_files: z.array(OffboardingFileSchema).max(10, "must list at most 10 files").optional(),
    timesheet_file: OffboardingFileSchema.optional(),
  })
  .superRefine((d, ctx) => {
    const reasons = new Set(d.risk_assessment_reasons);
    if (reasons.has("none_of_these") && reasons.size > 1)
      ctx.addIssue({
        code: "custom",
        path: ["risk_assessment_reasons"],
        message: "none_of_these cannot be combined with other reasons",
        input: d.risk_assessment_reasons,
      });
    if (reasons.size !== d.risk_assessment_reasons.length)
      ctx.addIssue({
        code: "custom",
        path: ["risk_assessment_reasons"],
        message: "must not repeat a reason",
        input: d.risk_assessment_reasons,
      });
    if (d.will_challenge_termination && !d.will_challenge_termination_description?.trim())
      ctx.addIssue({
        code: "custom",
        path: ["will_challenge_termination_description"],
        message: "can't be blank when will_challenge_termination is true",
        input: d.will_challenge_termination_description,
      });
  });

/** POST /v1/offboardings: only `termination` exists; its details are required. */
export const CreateOffboardingBodySchema = z.strictObject({
  employment_id: z.string().min(1, "can't be blank").max(64),
  type: OffboardingTypeSchema,
  termination_details: TerminationDetailsSchema,
});
export type CreateOffboardingBody = z.infer<typeof CreateOffboardingBodySchema>;

/** PATCH /v1/sandbox/offboardings/{id}: simulate the provider's review. */
export const SandboxOffboardingUpdateBodySchema = z.strictObject({
  status: z.enum(["in_review", "done", "canceled"], { message: "must be in_review, done or canceled" }),
});
