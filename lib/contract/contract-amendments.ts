import { z } from "zod";
import { commaSeparatedQuery, listEnvelopeSchema, PaginationQuerySchema, resourceEnvelopeSchema } from "./pagination";
import { CONTRACT_AMENDMENT_STATUSES } from "./enums";

// Contract amendments: a requested change to an employment's active contract, validated by the
// country's `contract_amendment` form (docs/decisions/areas-payroll-contract-amendments.md).

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime();

export const ContractAmendmentStatusSchema = z.enum(CONTRACT_AMENDMENT_STATUSES);
export type ContractAmendmentStatus = z.infer<typeof ContractAmendmentStatusSchema>;

/**
 * One changed term: its value on the contract when the amendment was submitted, and the requested one
 * (the provider's `changes` is a free object). `compensation.amount` also names its ISO 4217 currency.
 */
export const ContractChangeSchema = z.object({ previous: z.unknown(), current: z.unknown(), currency: z.string().optional() });
/** Keyed `compensation.amount`, `contract.job_title` or `contract_details.<field>`, as on the provider. */
export const ContractChangesSchema = z.record(z.string(), ContractChangeSchema);
export type ContractChanges = z.infer<typeof ContractChangesSchema>;

/** Why a salary goes down (the provider's SalaryDecreaseDetails.salary_decrease_reason). */
export const SALARY_DECREASE_REASONS = [
  "change_in_working_hours",
  "trade_salary_for_equity",
  "error_in_initial_salary",
  "role_change_or_demotion",
  "compensation_restructure",
  "other",
] as const;

/** The provider's SalaryDecreaseDetails: set when the amendment lowers the salary, each field only when the form asked it. */
export const SalaryDecreaseDetailsSchema = z.object({
  salary_decrease_reason: z.enum(SALARY_DECREASE_REASONS).optional(),
  salary_decrease_reason_description: z.string().nullable().optional(),
  was_employee_informed: z.string().optional(),
});

/** The provider's reasons for a change (RequestDetails.reason_for_change). */
export const CONTRACT_AMENDMENT_REASONS = [
  "annual_pay_adjustment",
  "country_rule_change",
  "error_correction",
  "job_change_reevaluation",
  "promotion",
  "other",
] as const;
export const ContractAmendmentReasonSchema = z.enum(CONTRACT_AMENDMENT_REASONS);
export type ContractAmendmentReason = z.infer<typeof ContractAmendmentReasonSchema>;

/** The provider's RequestDetails: optional fields are absent when the request did not give them. */
export const ContractAmendmentRequestDetailsSchema = z.object({
  additional_comments: z.string().nullable().optional(),
  effective_date: isoDate.optional(),
  reason_for_change: ContractAmendmentReasonSchema.optional(),
  reason_for_change_description: z.string().nullable().optional(),
  salary_decrease_details: SalaryDecreaseDetailsSchema.nullable().optional(),
});

export const ContractAmendmentSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  /** The contract the amendment changes (the employment's active contract). */
  amendment_contract_id: z.uuid().nullable(),
  changes: ContractChangesSchema,
  requested_by: z.string().nullable(),
  request_details: ContractAmendmentRequestDetailsSchema,
  status: ContractAmendmentStatusSchema,
  submitted_at: isoDateTime,
  /** The provider's support ticket; none here (always null). */
  zendesk_ticket_url: z.string().nullable(),
});
export type ContractAmendment = z.infer<typeof ContractAmendmentSchema>;

/** List item: the provider's ListContractAmendmentResponse fields. */
export const ContractAmendmentListItemSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  /** The employment's current job title (absent when it has none). */
  job_title: z.string().optional(),
  reason_for_change: ContractAmendmentReasonSchema,
  requested_by: z.string().nullable(),
  requested_effective_date: isoDate,
  status: ContractAmendmentStatusSchema,
  submitted_at: isoDateTime,
});
export type ContractAmendmentListItem = z.infer<typeof ContractAmendmentListItemSchema>;

export const ContractAmendmentListQuerySchema = PaginationQuerySchema.extend({
  employment_id: z.string().max(64).optional(),
  /** One status or several, comma separated. */
  // `deleted` is one of the provider's statuses: a valid filter that matches nothing here.
  status: commaSeparatedQuery(z.union([ContractAmendmentStatusSchema, z.literal("deleted")]), "status"),
});
export type ContractAmendmentListQuery = z.infer<typeof ContractAmendmentListQuerySchema>;

export const ContractAmendmentListResponseSchema = listEnvelopeSchema("contract_amendments", ContractAmendmentListItemSchema);
export type ContractAmendmentListResponse = z.infer<typeof ContractAmendmentListResponseSchema>;
export const ContractAmendmentResponseSchema = resourceEnvelopeSchema("contract_amendment", ContractAmendmentSchema);
export type ContractAmendmentResponse = z.infer<typeof ContractAmendmentResponseSchema>;

/**
 * POST /v1/contract-amendments (and /automatable). `contract_amendment` is validated by the
 * employment's country form `contract_amendment` (GET /v1/countries/{code}/contract_amendment).
 */
export const CreateContractAmendmentBodySchema = z.strictObject({
  employment_id: z.string().min(1, "is required").max(64),
  /** The employment's active contract (required, as on the provider's CreateContractAmendmentParams). */
  amendment_contract_id: z.string({ error: "is required" }).min(1, "is required").max(64),
  contract_amendment: z.record(z.string(), z.unknown(), { error: "must be an object" }),
});
export type CreateContractAmendmentBody = z.infer<typeof CreateContractAmendmentBodySchema>;

export const ContractAmendmentAutomatableResponseSchema = z.object({
  data: z.object({ automatable: z.boolean(), message: z.string() }),
});
export type ContractAmendmentAutomatableResponse = z.infer<typeof ContractAmendmentAutomatableResponseSchema>;

/** GET /v1/employment-contracts/{employment_id}/pending-changes. */
export const ContractPendingChangeSchema = z.object({
  changes: ContractChangesSchema,
  contract_id: z.uuid(),
  /** The requested effective date, at midnight UTC. */
  effective_at: isoDateTime,
  /** Whether the change still waits for an action before it takes effect (an open amendment: always true). */
  pending_action_for_activation: z.boolean().optional(),
});
export const ContractPendingChangesResponseSchema = z.object({ data: z.object({ pending_changes: z.array(ContractPendingChangeSchema) }) });
export type ContractPendingChangesResponse = z.infer<typeof ContractPendingChangesResponseSchema>;

/** GET /v1/contract-amendments/schema: the provider's query (the employment and its country; form and version optional). */
export const ContractAmendmentSchemaQuerySchema = z.object({
  employment_id: z.string({ error: "employment_id is required" }).min(1, "employment_id is required").max(64),
  country_code: z.string({ error: "country_code is required" }).min(1, "country_code is required").max(8),
  form: z.literal("contract_amendment", { error: "form must be contract_amendment" }).optional(),
  json_schema_version: z
    .union([z.literal("latest"), z.string().regex(/^[0-9]+$/, "json_schema_version must be an integer or 'latest'")])
    .optional(),
});
export type ContractAmendmentSchemaQuery = z.infer<typeof ContractAmendmentSchemaQuerySchema>;

/** PATCH /v1/sandbox/contract-amendments/{id}: moves an amendment along (submitted → in_review → done, or canceled). */
export const SandboxUpdateContractAmendmentBodySchema = z.strictObject({
  status: z.enum(["in_review", "done", "canceled"], { error: "must be one of in_review, done, canceled" }),
});
export type SandboxUpdateContractAmendmentBody = z.infer<typeof SandboxUpdateContractAmendmentBodySchema>;
