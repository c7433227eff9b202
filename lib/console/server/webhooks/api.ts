import "server-only";
import {
  OkEnvelopeSchema,
  ReplayWebhookEventsResponseSchema,
  SandboxTriggerWebhookResponseSchema,
  WebhookCallbackCreatedResponseSchema,
  WebhookCallbackResponseSchema,
  type CreateWebhookCallbackBody,
  type SandboxTriggerWebhookBody,
  type UpdateWebhookCallbackBody,
} from "@/lib/contract";
import type { ApiClient, RequestOptions } from "@/lib/console/server/api-client";
import { ApiRequestError } from "@/lib/console/api-errors";
import {
  deliveryRowOfProviderEvent,
  WebhookCallbackDetailListReadSchema,
  WebhookCallbackListReadSchema,
  WebhookDeliveryListReadSchema,
  WebhookEventDetailReadSchema,
  WebhookEventListReadSchema,
  type WebhookCallbackPage,
  type WebhookEventDetail,
  type WebhookEventPage,
} from "../../webhooks/read";
import { deliverySortAccessors, type CallbacksApiQuery, type DeliveriesApiQuery } from "../../webhooks/list";
import { sortedList, type Unsorted } from "../list/sorted";

// The webhook endpoints of the API (spec section 6, DECISIONS.md "Webhooks") over the console's
// typed client: paths and schemas in one place, for server pages and BFF handlers alike. The
// callbacks page and the delivery inspector read the Roster-only routes that carry what the
// provider's shapes do not (dates, delivery state: docs/decisions/contract-payroll-webhooks.md), and
// fall back to the provider's operations where the API has no such route (./read.ts,
// docs/decisions/contract-console-reads.md).

const enc = encodeURIComponent;

/** A 404 from a Roster-only route: the API is the provider's, which has no such route (or no such resource). */
const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * A page of the company's callbacks: Roster-only GET /v1/webhook-callbacks (with their dates), or,
 * where the API has no such route (the provider), its GET /v1/companies/{company_id}/webhook-callbacks
 * paged here (no dates: `source: "provider"`).
 */
export async function listWebhookCallbacks(api: ApiClient, companyId: string, q: CallbacksApiQuery): Promise<WebhookCallbackPage> {
  try {
    const r = await api.json(WebhookCallbackDetailListReadSchema, "GET", "v1/webhook-callbacks", {
      query: { company_id: companyId, page: q.page, page_size: q.page_size },
    });
    return { ...r.data, source: "roster" };
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const all = await listAllWebhookCallbacks(api, companyId);
  const start = (q.page - 1) * q.page_size;
  return {
    webhook_callbacks: all
      .slice(start, start + q.page_size)
      .map((c) => ({ ...c, company_id: companyId, created_at: null, updated_at: null })),
    current_page: q.page,
    total_count: all.length,
    total_pages: Math.ceil(all.length / q.page_size),
    source: "provider",
  };
}

/** The response holds the signing key: the caller hands it to the browser once and keeps no copy. */
export const createWebhookCallback = (api: ApiClient, body: CreateWebhookCallbackBody) =>
  api.json(WebhookCallbackCreatedResponseSchema, "POST", "v1/webhook-callbacks", { body }).then((r) => r.data.webhook_callback);

export const updateWebhookCallback = (api: ApiClient, id: string, body: UpdateWebhookCallbackBody) =>
  api.json(WebhookCallbackResponseSchema, "PATCH", `v1/webhook-callbacks/${enc(id)}`, { body }).then((r) => r.data.webhook_callback);

export const deleteWebhookCallback = (api: ApiClient, id: string) =>
  api.json(OkEnvelopeSchema, "DELETE", `v1/webhook-callbacks/${enc(id)}`).then((r) => r.data);

/**
 * A page of the delivery log: Roster-only GET /v1/webhook-deliveries (each delivery's state), or,
 * where the API has no such route (the provider), its GET /v1/webhook-events (no delivery state:
 * `source: "provider"`).
 */
export const listWebhookEvents = (api: ApiClient, q: DeliveriesApiQuery): Promise<WebhookEventPage> =>
  sortedList(q, (query: Unsorted<DeliveriesApiQuery>) => readWebhookEvents(api, query), {
    itemsKey: "webhook_events",
    accessors: deliverySortAccessors,
    idOf: (e) => e.id,
  });

/** One page of Roster-only GET /v1/webhook-deliveries (the provider has no such route: 404). */
const readWebhookDeliveries = (api: ApiClient, query: NonNullable<RequestOptions["query"]>) =>
  api.json(WebhookDeliveryListReadSchema, "GET", "v1/webhook-deliveries", { query }).then((r) => r.data);

/**
 * The deliveries that name one employment (the Roster-only `employment_id` filter; the employment
 * timeline). The provider's API cannot list them per employment: its 404 reaches the caller.
 */
export const listEmploymentWebhookDeliveries = (
  api: ApiClient,
  q: { employment_id: string; company_id: string; page: number; page_size: number },
) => readWebhookDeliveries(api, q);

async function readWebhookEvents(api: ApiClient, q: Unsorted<DeliveriesApiQuery>): Promise<WebhookEventPage> {
  const query = { page: q.page, page_size: q.page_size, event_type: q.event_type, successfully_delivered: q.successfully_delivered };
  try {
    return { ...(await readWebhookDeliveries(api, query)), source: "roster" };
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const r = await api.json(WebhookEventListReadSchema, "GET", "v1/webhook-events", { query });
  return { ...r.data, webhook_events: r.data.webhook_events.map(deliveryRowOfProviderEvent), source: "provider" };
}

/**
 * One delivery with its payload and attempts (Roster-only GET /v1/webhook-events/{id}). The provider
 * has no such route: its 404, like an unknown id's, is shown by the detail panel as "not available on
 * this API" (components/console/webhooks/delivery-detail.tsx); the BFF keeps answering 404.
 */
export const getWebhookEvent = (api: ApiClient, id: string): Promise<WebhookEventDetail> =>
  api.json(WebhookEventDetailReadSchema, "GET", `v1/webhook-events/${enc(id)}`).then((r) => r.data.webhook_event);

export const replayWebhookEvents = (api: ApiClient, ids: string[]) =>
  api.json(ReplayWebhookEventsResponseSchema, "POST", "v1/webhook-events/replay", { body: { ids } }).then((r) => r.data);

export const triggerSandboxWebhook = (api: ApiClient, body: SandboxTriggerWebhookBody) =>
  api.json(SandboxTriggerWebhookResponseSchema, "POST", "v1/sandbox/webhook-callbacks/trigger", { body }).then((r) => r.data);

/** Every callback of the company (for naming the callback of each delivery): the provider's GET /v1/companies/{id}/webhook-callbacks. */
export const listAllWebhookCallbacks = (api: ApiClient, companyId: string) =>
  api.json(WebhookCallbackListReadSchema, "GET", `v1/companies/${enc(companyId)}/webhook-callbacks`).then((r) => r.data);
