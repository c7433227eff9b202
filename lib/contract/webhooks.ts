import { z } from "zod";
import { listEnvelopeSchema, PaginationQuerySchema, resourceEnvelopeSchema } from "./pagination";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX_LENGTH } from "./enums";

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

const id = z.string();
const base = { company_id: id };

/** Flat payloads: spec 6.1 exactly, others per DECISIONS.md (ids of the resources concerned). */
export const WebhookPayloadSchemas = {
  "background_check.status.updated": z.strictObject({
    event_type: z.literal("background_check.status.updated"),
    background_check_id: id,
    employment_id: id,
    ...base,
  }),
  "employment.account.updated": z.strictObject({ event_type: z.literal("employment.account.updated"), employment_id: id, ...base }),
  "employment.administrative_details.updated": z.strictObject({
    event_type: z.literal("employment.administrative_details.updated"),
    employment_slug: id,
    ...base,
  }),
  "employment.details.updated": z.strictObject({ event_type: z.literal("employment.details.updated"), employment_id: id, ...base }),
  "employment.employment_agreement.available": z.strictObject({
    event_type: z.literal("employment.employment_agreement.available"),
    employment_id: id,
    file_id: id,
    ...base,
  }),
  "employment.onboarding.completed": z.strictObject({
    event_type: z.literal("employment.onboarding.completed"),
    employment_id: id,
    ...base,
  }),
  "employment.onboarding_task.completed": z.strictObject({
    event_type: z.literal("employment.onboarding_task.completed"),
    employment_id: id,
    onboarding_task: z.string(),
    ...base,
  }),
  "employment.user_status.activated": z.strictObject({
    event_type: z.literal("employment.user_status.activated"),
    employment_id: id,
    ...base,
  }),
  "employment.user_status.deactivated": z.strictObject({
    event_type: z.literal("employment.user_status.deactivated"),
    employment_id: id,
    ...base,
  }),
  "employment.personal_information.updated": z.strictObject({
    event_type: z.literal("employment.personal_information.updated"),
    employment_id: id,
    ...base,
  }),
  "payslip.released": z.strictObject({ event_type: z.literal("payslip.released"), payslip_id: id, ...base }),
  "contract_amendment.done": z.strictObject({
    event_type: z.literal("contract_amendment.done"),
    contract_amendment_id: id,
    employment_id: id,
    ...base,
  }),
  "expense.approved": z.strictObject({ event_type: z.literal("expense.approved"), expense_id: id, employment_id: id, ...base }),
  "expense.declined": z.strictObject({ event_type: z.literal("expense.declined"), expense_id: id, employment_id: id, ...base }),
  "expense.updated": z.strictObject({ event_type: z.literal("expense.updated"), expense_id: id, employment_id: id, ...base }),
  "expense.deleted": z.strictObject({ event_type: z.literal("expense.deleted"), expense_id: id, employment_id: id, ...base }),
  "incentive.created": z.strictObject({ event_type: z.literal("incentive.created"), incentive_id: id, employment_id: id, ...base }),
  "incentive.updated": z.strictObject({ event_type: z.literal("incentive.updated"), incentive_id: id, employment_id: id, ...base }),
  "incentive.deleted": z.strictObject({ event_type: z.literal("incentive.deleted"), incentive_id: id, employment_id: id, ...base }),
  "incentive.paid": z.strictObject({ event_type: z.literal("incentive.paid"), incentive_id: id, employment_id: id, ...base }),
  "incentive.processing_started": z.strictObject({
    event_type: z.literal("incentive.processing_started"),
    incentive_id: id,
    employment_id: id,
    ...base,
  }),
  "offboarding.submitted": z.strictObject({
    event_type: z.literal("offboarding.submitted"),
    offboarding_id: id,
    employment_id: id,
    ...base,
  }),
  "offboarding.review_started": z.strictObject({
    event_type: z.literal("offboarding.review_started"),
    offboarding_id: id,
    employment_id: id,
    ...base,
  }),
  "offboarding.deleted": z.strictObject({ event_type: z.literal("offboarding.deleted"), offboarding_id: id, employment_id: id, ...base }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = z.infer<(typeof WebhookPayloadSchemas)[T]>;

// ─── Webhook callbacks, delivery log and sandbox trigger ─────────────────────────────────────────

const isoDateTime = z.iso.datetime();

/**
 * Every event type a callback can subscribe to on the provider (CreateWebhookCallbackParams in
 * types.gen.ts): a superset of the types Roster emits (WEBHOOK_EVENT_TYPES). Subscribing to one Roster
 * never emits is accepted, as on the provider; nothing is delivered for it.
 */
export const PROVIDER_WEBHOOK_EVENT_TYPES = [
  "background_check.status.updated",
  "benefit_renewal_request.created",
  "billing_document.issued",
  "company.activated",
  "company.archived",
  "company.eor_hiring.additional_information_required",
  "company.eor_hiring.no_reserve_payment_requested",
  "company.eor_hiring.referred",
  "company.eor_hiring.reserve_payment_requested",
  "company.eor_hiring.verification_completed",
  "company.manager_created",
  "company.manager_deleted",
  "company.manager_updated",
  "company.owner_changed",
  "company.partner_offboarded",
  "company.pricing_plan.updated",
  "contract.termination_date_reached",
  "contract_amendment.canceled",
  "contract_amendment.deleted",
  "contract_amendment.done",
  "contract_amendment.review_started",
  "contract_amendment.submitted",
  "contract_document.status.changed",
  "contractor_invoice.employer_paid",
  "contractor_invoice.issued",
  "contractor_invoice.paid_out",
  "contractor_invoice.payment_initiated",
  "custom_field.value_updated",
  "employment.account.updated",
  "employment.administrative_details.updated",
  "employment.benefits.selected",
  "employment.contractor_management_plan.updated",
  "employment.contractor_of_record_termination.cancelled",
  "employment.contractor_of_record_termination.executed",
  "employment.contractor_of_record_termination.initiated",
  "employment.cor_hiring.invoice_created",
  "employment.cor_hiring.proof_of_payment_accepted",
  "employment.cor_hiring.proof_of_payment_submitted",
  "employment.details.updated",
  "employment.employment_agreement.available",
  "employment.eor_hiring.invoice_created",
  "employment.eor_hiring.proof_of_payment_accepted",
  "employment.eor_hiring.proof_of_payment_submitted",
  "employment.no_longer_eligible_for_onboarding_cancellation",
  "employment.onboarding.cancelled",
  "employment.onboarding.completed",
  "employment.onboarding.started",
  "employment.onboarding_task.completed",
  "employment.personal_information.updated",
  "employment.probation.period_ending_reminder_sent",
  "employment.probation_completion_letter.cancelled",
  "employment.probation_completion_letter.completed",
  "employment.probation_completion_letter.submitted",
  "employment.probation_period_extension.cancelled",
  "employment.probation_period_extension.completed",
  "employment.probation_period_extension.submitted",
  "employment.start_date.changed",
  "employment.status.updated",
  "employment.updated",
  "employment.user_status.activated",
  "employment.user_status.deactivated",
  "employment.user_status.initiated",
  "employment.user_status.invited",
  "employment.work_email.updated",
  "employment_basic_information.updated",
  "employment_company_structure_node.updated",
  "employment_contract.active_contract_updated",
  "employment_contract.adjusted_during_onboarding",
  "expense.approved",
  "expense.declined",
  "expense.deleted",
  "expense.reimbursed",
  "expense.submitted",
  "expense.updated",
  "identity_verification.verification_required",
  "incentive.created",
  "incentive.deleted",
  "incentive.paid",
  "incentive.processing_started",
  "incentive.updated",
  "offboarding.completed",
  "offboarding.deleted",
  "offboarding.done",
  "offboarding.review_started",
  "offboarding.submitted",
  "offboarding.submitted_to_payroll",
  "payslip.released",
  "sso_configuration.disabled",
  "sso_configuration.enabled",
  "sso_configuration.updated",
  "timeoff.approved",
  "timeoff.canceled",
  "timeoff.cancellation_requested",
  "timeoff.date_changed",
  "timeoff.declined",
  "timeoff.requested",
  "timeoff.started",
  "timeoff.taken",
  "timeoff.updated",
  "timesheet.in_calibration",
  "timesheet.submitted",
  "travel_letter.approved_by_manager",
  "travel_letter.approved_by_remote",
  "travel_letter.declined_by_manager",
  "travel_letter.declined_by_remote",
  "travel_letter.requested",
  "work_authorization.approved_by_manager",
  "work_authorization.approved_by_remote",
  "work_authorization.cancelled",
  "work_authorization.declined_by_manager",
  "work_authorization.declined_by_remote",
  "work_authorization.requested",
] as const;

/** Event type names a callback subscribes to; names the provider does not have are a 422 that names them. */
const SubscribedEventsSchema = z
  .array(z.string().max(200))
  .max(PROVIDER_WEBHOOK_EVENT_TYPES.length)
  .superRefine((events, ctx) => {
    const unknown = [...new Set(events.filter((e) => !(PROVIDER_WEBHOOK_EVENT_TYPES as readonly string[]).includes(e)))];
    if (unknown.length > 0) ctx.addIssue({ code: "custom", message: `Unknown event types: ${unknown.join(", ")}`, input: events });
  })
  .meta({ description: `The provider's event types; Roster emits ${WEBHOOK_EVENT_TYPES.join(", ")}` });

const CallbackUrlSchema = z
  .string()
  .min(1, "is required")
  .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .meta({ description: "https URL (http only for loopback while the provider runs in local mode)" });

/** POST /v1/webhook-callbacks: `url` and `subscribed_events`, or `subscribe_to_all_events: true`. */
export const CreateWebhookCallbackBodySchema = z
  .strictObject({
    url: CallbackUrlSchema,
    subscribed_events: SubscribedEventsSchema.optional(),
    subscribe_to_all_events: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.subscribe_to_all_events !== true && (body.subscribed_events ?? []).length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["subscribed_events"],
        message: "must list at least one event type, or set subscribe_to_all_events to true",
        input: body.subscribed_events,
      });
    }
  });
export type CreateWebhookCallbackBody = z.infer<typeof CreateWebhookCallbackBodySchema>;

/** PATCH /v1/webhook-callbacks/{id}: any of the three, at least one. */
export const UpdateWebhookCallbackBodySchema = z
  .strictObject({
    url: CallbackUrlSchema.optional(),
    subscribed_events: SubscribedEventsSchema.optional(),
    subscribe_to_all_events: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.url === undefined && body.subscribed_events === undefined && body.subscribe_to_all_events === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "give at least one of url, subscribed_events, subscribe_to_all_events",
        input: body,
      });
    }
    if (body.subscribe_to_all_events === false && body.subscribed_events !== undefined && body.subscribed_events.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["subscribed_events"],
        message: "must list at least one event type, or set subscribe_to_all_events to true",
        input: body.subscribed_events,
      });
    }
  });
export type UpdateWebhookCallbackBody = z.infer<typeof UpdateWebhookCallbackBodySchema>;

/**
 * The provider's WebhookCallback, as POST /v1/webhook-callbacks (with `signing_key`), PATCH and
 * GET /v1/companies/{company_id}/webhook-callbacks answer it. Never the signing key after registration.
 */
export const WebhookCallbackSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The event types subscribed to (the provider's names): every type Roster emits when subscribe_to_all_events is true. */
  subscribed_events: z.array(z.string()),
  subscribe_to_all_events: z.boolean(),
});
export type WebhookCallback = z.infer<typeof WebhookCallbackSchema>;

/** Registration (spec 2.5): the callback and its signing key, shown once. */
export const WebhookCallbackWithKeySchema = WebhookCallbackSchema.extend({ signing_key: z.string() });
export type WebhookCallbackWithKey = z.infer<typeof WebhookCallbackWithKeySchema>;

/** A callback with what the provider's shape does not carry: Roster-only GET /v1/webhook-callbacks. */
export const WebhookCallbackDetailSchema = WebhookCallbackSchema.extend({
  /** The company whose events it receives; null for a partner's callback (every consenting company). */
  company_id: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type WebhookCallbackDetail = z.infer<typeof WebhookCallbackDetailSchema>;

export const WebhookCallbackCreatedResponseSchema = resourceEnvelopeSchema("webhook_callback", WebhookCallbackWithKeySchema);
export const WebhookCallbackResponseSchema = resourceEnvelopeSchema("webhook_callback", WebhookCallbackSchema);
/** GET /v1/companies/{company_id}/webhook-callbacks: the provider's ListWebhookCallbacksResponse, a bare array. */
export const WebhookCallbackListResponseSchema = z.object({ data: z.array(WebhookCallbackSchema) });
/** GET /v1/webhook-callbacks (Roster-only): a page of callbacks with their company and dates. */
export const WebhookCallbackDetailListResponseSchema = listEnvelopeSchema("webhook_callbacks", WebhookCallbackDetailSchema);
export const WebhookCallbackDetailListQuerySchema = PaginationQuerySchema.extend({
  /** The company whose callbacks to list (default: the token's company). */
  company_id: z.uuid({ message: "must be a UUID" }).optional(),
});

export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const WebhookAttemptSchema = z.object({
  attempt_number: z.number().int(),
  started_at: isoDateTime,
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  success: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** The provider's WebhookEvent: an item of the delivery log, one event for one callback (GET /v1/webhook-events). */
export const WebhookEventSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  event_type: WebhookEventTypeSchema,
  /** First attempt (the time the event was queued while none was made yet). */
  first_triggered_at: isoDateTime,
  /** Latest attempt (first_triggered_at while none was made yet). */
  last_triggered_at: isoDateTime,
  successfully_delivered: z.boolean(),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/**
 * A delivery as the console's inspector reads it: the provider's fields and the delivery state the
 * provider does not expose. Roster-only routes: GET /v1/webhook-deliveries, GET /v1/webhook-events/{id}.
 */
export const WebhookDeliverySchema = WebhookEventSchema.extend({
  /** The X-Service-Event-Id of every attempt (shared by the callbacks that received the same event). */
  event_id: z.string(),
  webhook_callback_id: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  next_attempt_at: isoDateTime.nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookEventWithAttemptsSchema = WebhookDeliverySchema.extend({ attempt_log: z.array(WebhookAttemptSchema) });

/** GET /v1/webhook-events (and /v1/webhook-deliveries): the provider's filters. */
export const WebhookEventListQuerySchema = z.object({
  /** One of the provider's event types (one Roster never emits matches nothing). */
  event_type: z.enum(PROVIDER_WEBHOOK_EVENT_TYPES, { message: "is not an event type of the provider" }).optional(),
  successfully_delivered: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
  company_id: z.uuid({ message: "must be a UUID" }).optional(),
  /** First triggered before / after this time (ISO 8601). */
  before: isoDateTime.optional(),
  after: isoDateTime.optional(),
  order: z.enum(["asc", "desc"], { message: "must be asc or desc" }).optional(),
  sort_by: z.enum(["first_triggered_at"], { message: "must be first_triggered_at" }).optional(),
});
/**
 * GET /v1/webhook-deliveries (Roster-only): the provider's filters, plus `employment_id` (the
 * deliveries whose payload names the employment: `employment_id`, or `employment_slug` of
 * employment.administrative_details.updated), for the console's employment timeline.
 */
export const WebhookDeliveryListQuerySchema = WebhookEventListQuerySchema.extend({
  employment_id: z.uuid({ message: "must be a UUID" }).optional(),
});
export const WebhookEventListResponseSchema = listEnvelopeSchema("webhook_events", WebhookEventSchema);
/** GET /v1/webhook-deliveries (Roster-only): the delivery log with each delivery's state. */
export const WebhookDeliveryListResponseSchema = listEnvelopeSchema("webhook_events", WebhookDeliverySchema);
export const WebhookEventResponseSchema = resourceEnvelopeSchema("webhook_event", WebhookEventWithAttemptsSchema);

/**
 * POST /v1/webhook-events/replay: the provider's ReplayWebhookEventsParams, either the delivery log
 * ids to send again (same event id), or a window `before`/`after` with the list's filters.
 */
export const ReplayWebhookEventsBodySchema = z
  .strictObject({
    ids: z.array(z.string().max(64)).min(1, "must list at least one id").max(100, "at most 100 ids per request").optional(),
    before: isoDateTime.optional(),
    after: isoDateTime.optional(),
    company_id: z.uuid({ message: "must be a UUID" }).optional(),
    event_type: z.enum(PROVIDER_WEBHOOK_EVENT_TYPES, { message: "is not an event type of the provider" }).optional(),
    successfully_delivered: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const window = body.before !== undefined || body.after !== undefined;
    if (body.ids === undefined && !window)
      ctx.addIssue({ code: "custom", path: ["ids"], message: "give ids, or a window before and after", input: body });
    if (body.ids !== undefined && (window || body.company_id || body.event_type || body.successfully_delivered !== undefined))
      ctx.addIssue({ code: "custom", path: ["ids"], message: "give ids or a window with its filters, not both", input: body });
    if (body.ids === undefined && window) {
      if (body.before === undefined) ctx.addIssue({ code: "custom", path: ["before"], message: "is required with after", input: body });
      if (body.after === undefined) ctx.addIssue({ code: "custom", path: ["after"], message: "is required with before", input: body });
    }
  });
export type ReplayWebhookEventsBody = z.infer<typeof ReplayWebhookEventsBodySchema>;
/** The provider's SuccessResponse. */
export const ReplayWebhookEventsResponseSchema = z.object({ data: z.object({ status: z.literal("ok") }) });

/** POST /v1/sandbox/webhook-callbacks/trigger. */
export const SandboxTriggerWebhookBodySchema = z.strictObject({
  employment_id: z.string().min(1).max(64),
  event_type: z
    .string()
    .max(200)
    .superRefine((t, ctx) => {
      if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t))
        ctx.addIssue({ code: "custom", message: `Unknown event type: ${t}`, input: t });
    }),
});
export type SandboxTriggerWebhookBody = z.infer<typeof SandboxTriggerWebhookBodySchema>;
/** The provider's SuccessResponse: the event is queued; the delivery log shows it with its payload. */
export const SandboxTriggerWebhookResponseSchema = z.object({ data: z.object({ status: z.literal("ok") }) });
