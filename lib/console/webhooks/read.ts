import { z } from "zod";
import {
  WebhookAttemptSchema,
  WebhookCallbackDetailSchema,
  WebhookCallbackSchema,
  WebhookDeliveryStatusSchema,
  WebhookEventSchema,
} from "@/lib/contract";
import { readList } from "@/lib/console/api-read";

// What the webhook pages read (docs/decisions/contract-console-reads.md). Roster serves two routes the
// provider does not have: GET /v1/webhook-callbacks (callbacks with their dates) and
// GET /v1/webhook-deliveries, GET /v1/webhook-events/{id} (deliveries with their state, attempts and
// payload). Against the provider they answer 404, and the console falls back to the provider's own
// operations (GET /v1/companies/{company_id}/webhook-callbacks, GET /v1/webhook-events): the rows
// then lack what only Roster carries, which is null here and shown as "not available on this API".

/** Where a page of rows came from: Roster's route, or the provider's operation (fewer fields). */
export type WebhookReadSource = "roster" | "provider";

/** The provider's WebhookCallback: `subscribed_events` and `subscribe_to_all_events` are optional there. */
export const WebhookCallbackReadSchema = z.preprocess(
  (raw) =>
    raw && typeof raw === "object" && !Array.isArray(raw)
      ? {
          ...raw,
          subscribed_events: (raw as Record<string, unknown>).subscribed_events ?? [],
          subscribe_to_all_events: (raw as Record<string, unknown>).subscribe_to_all_events ?? false,
        }
      : raw,
  WebhookCallbackSchema,
) as unknown as z.ZodType<z.infer<typeof WebhookCallbackSchema>>;

/** GET /v1/companies/{company_id}/webhook-callbacks (the provider's ListWebhookCallbacksResponse: `data` is required there). */
export const WebhookCallbackListReadSchema = z.object({ data: z.array(WebhookCallbackReadSchema) });

/** A callback row: the dates are null when the list came from the provider's operation. */
export const WebhookCallbackRowSchema = WebhookCallbackDetailSchema.extend({
  created_at: WebhookCallbackDetailSchema.shape.created_at.nullable(),
  updated_at: WebhookCallbackDetailSchema.shape.updated_at.nullable(),
});
export type WebhookCallbackRow = z.infer<typeof WebhookCallbackRowSchema>;

export interface WebhookCallbackPage {
  webhook_callbacks: WebhookCallbackRow[];
  current_page: number;
  total_count: number;
  total_pages: number;
  source: WebhookReadSource;
}

/** Roster's GET /v1/webhook-callbacks, read leniently (an absent list is empty). */
export const WebhookCallbackDetailListReadSchema = readList(
  "webhook_callbacks",
  z.object({
    data: z.object({
      webhook_callbacks: z.array(WebhookCallbackRowSchema),
      current_page: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
    }),
  }),
);

/**
 * A delivery row. From Roster: every field. From the provider's WebhookEvent: its six fields, the
 * status derived from `successfully_delivered`, the rest null. The event type is the provider's
 * string (any of its event types, not only those Roster emits).
 */
export const WebhookDeliveryRowSchema = WebhookEventSchema.extend({
  event_type: z.string(),
  event_id: z.string().nullable(),
  webhook_callback_id: z.string().nullable(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()).nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof WebhookDeliveryRowSchema>;

export interface WebhookEventPage {
  webhook_events: WebhookDeliveryRow[];
  current_page: number;
  total_count: number;
  total_pages: number;
  source: WebhookReadSource;
}

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.object({
      webhook_events: z.array(item),
      current_page: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
    }),
  });

/** Roster's GET /v1/webhook-deliveries. */
export const WebhookDeliveryListReadSchema = readList("webhook_events", listOf(WebhookDeliveryRowSchema));

/** The provider's GET /v1/webhook-events (ListWebhookEventsResponse): rows without the delivery state. */
export const WebhookEventListReadSchema = readList("webhook_events", listOf(WebhookEventSchema.extend({ event_type: z.string() })));

/** A provider WebhookEvent as a delivery row: what only Roster carries is null. */
export function deliveryRowOfProviderEvent(
  e: z.infer<typeof WebhookEventSchema> | (Omit<z.infer<typeof WebhookEventSchema>, "event_type"> & { event_type: string }),
): WebhookDeliveryRow {
  return {
    ...e,
    event_id: null,
    webhook_callback_id: null,
    status: e.successfully_delivered ? "delivered" : "failed",
    attempts: null,
    next_attempt_at: null,
    last_status_code: null,
    last_error: null,
    payload: null,
  };
}

/** Roster's GET /v1/webhook-events/{id}: one delivery with its attempts. */
export const WebhookEventDetailReadSchema = z.object({
  data: z.object({ webhook_event: WebhookDeliveryRowSchema.extend({ attempt_log: z.array(WebhookAttemptSchema) }) }),
});
export type WebhookEventDetail = z.infer<typeof WebhookEventDetailReadSchema>["data"]["webhook_event"];
