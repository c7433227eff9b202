import "server-only";
import {
  OkEnvelopeSchema,
  ReplayWebhookEventsResponseSchema,
  SandboxTriggerWebhookResponseSchema,
  WebhookCallbackCreatedResponseSchema,
  WebhookCallbackListResponseSchema,
  WebhookCallbackResponseSchema,
  WebhookEventListResponseSchema,
  WebhookEventResponseSchema,
  type CreateWebhookCallbackBody,
  type SandboxTriggerWebhookBody,
  type UpdateWebhookCallbackBody,
} from "@/lib/contract";
import type { ApiClient } from "@/lib/console/api-client";
import type { CallbacksApiQuery, DeliveriesApiQuery } from "./url-state";

// The webhook endpoints of the API (spec section 6, DECISIONS.md "Webhooks") over the console's
// typed client: paths and schemas in one place, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

export const listWebhookCallbacks = (api: ApiClient, companyId: string, q: CallbacksApiQuery) =>
  api
    .json(WebhookCallbackListResponseSchema, "GET", `v1/companies/${enc(companyId)}/webhook-callbacks`, {
      query: { page: q.page, page_size: q.page_size },
    })
    .then((r) => r.data);

/** The response holds the signing key: the caller hands it to the browser once and keeps no copy. */
export const createWebhookCallback = (api: ApiClient, body: CreateWebhookCallbackBody) =>
  api.json(WebhookCallbackCreatedResponseSchema, "POST", "v1/webhook-callbacks", { body }).then((r) => r.data.webhook_callback);

export const updateWebhookCallback = (api: ApiClient, id: string, body: UpdateWebhookCallbackBody) =>
  api.json(WebhookCallbackResponseSchema, "PATCH", `v1/webhook-callbacks/${enc(id)}`, { body }).then((r) => r.data.webhook_callback);

export const deleteWebhookCallback = (api: ApiClient, id: string) =>
  api.json(OkEnvelopeSchema, "DELETE", `v1/webhook-callbacks/${enc(id)}`).then((r) => r.data);

export const listWebhookEvents = (api: ApiClient, q: DeliveriesApiQuery) =>
  api
    .json(WebhookEventListResponseSchema, "GET", "v1/webhook-events", {
      query: { page: q.page, page_size: q.page_size, event_type: q.event_type, successfully_delivered: q.successfully_delivered },
    })
    .then((r) => r.data);

export const getWebhookEvent = (api: ApiClient, id: string) =>
  api.json(WebhookEventResponseSchema, "GET", `v1/webhook-events/${enc(id)}`).then((r) => r.data.webhook_event);

export const replayWebhookEvents = (api: ApiClient, ids: string[]) =>
  api.json(ReplayWebhookEventsResponseSchema, "POST", "v1/webhook-events/replay", { body: { ids } }).then((r) => r.data);

export const triggerSandboxWebhook = (api: ApiClient, body: SandboxTriggerWebhookBody) =>
  api.json(SandboxTriggerWebhookResponseSchema, "POST", "v1/sandbox/webhook-callbacks/trigger", { body }).then((r) => r.data);

/** Every callback of the company (for naming the callback of each delivery), at most `maxPages` pages. */
export async function listAllWebhookCallbacks(api: ApiClient, companyId: string, maxPages = 5) {
  const first = await listWebhookCallbacks(api, companyId, { page: 1, page_size: 100 });
  const rest = await Promise.all(
    Array.from({ length: Math.min(first.total_pages, maxPages) - 1 }, (_, i) =>
      listWebhookCallbacks(api, companyId, { page: i + 2, page_size: 100 }),
    ),
  );
  return [...first.webhook_callbacks, ...rest.flatMap((r) => r.webhook_callbacks)];
}
