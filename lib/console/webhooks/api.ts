import "server-only";
import {
  OkEnvelopeSchema,
  ReplayWebhookEventsResponseSchema,
  SandboxTriggerWebhookResponseSchema,
  WebhookCallbackCreatedResponseSchema,
  WebhookCallbackDetailListResponseSchema,
  WebhookCallbackListResponseSchema,
  WebhookCallbackResponseSchema,
  WebhookDeliveryListResponseSchema,
  WebhookEventResponseSchema,
  type CreateWebhookCallbackBody,
  type SandboxTriggerWebhookBody,
  type UpdateWebhookCallbackBody,
} from "@/lib/contract";
import type { ApiClient } from "@/lib/console/api-client";
import type { CallbacksApiQuery, DeliveriesApiQuery } from "./url-state";

// The webhook endpoints of the API (spec section 6, DECISIONS.md "Webhooks") over the console's
// typed client: paths and schemas in one place, for server pages and BFF handlers alike. The
// callbacks page and the delivery inspector read the Roster-only routes that carry what the
// provider's shapes do not (dates, delivery state: docs/decisions/contract-payroll-webhooks.md).

const enc = encodeURIComponent;

/** A page of the company's callbacks with their dates (Roster-only GET /v1/webhook-callbacks). */
export const listWebhookCallbacks = (api: ApiClient, companyId: string, q: CallbacksApiQuery) =>
  api
    .json(WebhookCallbackDetailListResponseSchema, "GET", "v1/webhook-callbacks", {
      query: { company_id: companyId, page: q.page, page_size: q.page_size },
    })
    .then((r) => r.data);

/** The response holds the signing key: the caller hands it to the browser once and keeps no copy. */
export const createWebhookCallback = (api: ApiClient, body: CreateWebhookCallbackBody) =>
  api.json(WebhookCallbackCreatedResponseSchema, "POST", "v1/webhook-callbacks", { body }).then((r) => r.data.webhook_callback);

export const updateWebhookCallback = (api: ApiClient, id: string, body: UpdateWebhookCallbackBody) =>
  api.json(WebhookCallbackResponseSchema, "PATCH", `v1/webhook-callbacks/${enc(id)}`, { body }).then((r) => r.data.webhook_callback);

export const deleteWebhookCallback = (api: ApiClient, id: string) =>
  api.json(OkEnvelopeSchema, "DELETE", `v1/webhook-callbacks/${enc(id)}`).then((r) => r.data);

/** A page of the delivery log with each delivery's state (Roster-only GET /v1/webhook-deliveries). */
export const listWebhookEvents = (api: ApiClient, q: DeliveriesApiQuery) =>
  api
    .json(WebhookDeliveryListResponseSchema, "GET", "v1/webhook-deliveries", {
      query: { page: q.page, page_size: q.page_size, event_type: q.event_type, successfully_delivered: q.successfully_delivered },
    })
    .then((r) => r.data);

export const getWebhookEvent = (api: ApiClient, id: string) =>
  api.json(WebhookEventResponseSchema, "GET", `v1/webhook-events/${enc(id)}`).then((r) => r.data.webhook_event);

export const replayWebhookEvents = (api: ApiClient, ids: string[]) =>
  api.json(ReplayWebhookEventsResponseSchema, "POST", "v1/webhook-events/replay", { body: { ids } }).then((r) => r.data);

export const triggerSandboxWebhook = (api: ApiClient, body: SandboxTriggerWebhookBody) =>
  api.json(SandboxTriggerWebhookResponseSchema, "POST", "v1/sandbox/webhook-callbacks/trigger", { body }).then((r) => r.data);

/** Every callback of the company (for naming the callback of each delivery): the provider's GET /v1/companies/{id}/webhook-callbacks. */
export const listAllWebhookCallbacks = (api: ApiClient, companyId: string) =>
  api.json(WebhookCallbackListResponseSchema, "GET", `v1/companies/${enc(companyId)}/webhook-callbacks`).then((r) => r.data);
