import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateWebhookCallbackBody,
  ReplayWebhookEventsResponseSchema,
  SandboxTriggerWebhookBody,
  SandboxTriggerWebhookResponseSchema,
  UpdateWebhookCallbackBody,
  WebhookCallback,
  WebhookCallbackWithKey,
  WebhookEventType,
} from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import type { WebhookCallbackPage, WebhookEventDetail, WebhookEventPage } from "@/lib/console/webhooks/read";
import { callbacksList, deliveriesList, type CallbacksApiQuery, type DeliveriesApiQuery } from "@/lib/console/webhooks/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Webhook queries: keys and options shared by server prefetch (which swaps in the typed API client
// as queryFn, same key) and client islands (which fetch through the BFF). The signing key returned
// by registration never enters a cache: createWebhookCallback is a plain call, not a query.

export type { WebhookCallbackPage, WebhookEventDetail, WebhookEventPage } from "@/lib/console/webhooks/read";
export type ReplayResult = z.infer<typeof ReplayWebhookEventsResponseSchema>["data"];
/** The API's answer (the provider's SuccessResponse) with the event type that was sent. */
export type TestEventResult = z.infer<typeof SandboxTriggerWebhookResponseSchema>["data"] & { event_type: WebhookEventType };

export const webhookKeys = {
  all: (s: QueryScope) => ["webhooks", ...scopeKey(s)] as const,
  callbacks: (s: QueryScope) => [...webhookKeys.all(s), "callbacks"] as const,
  callbackPage: (s: QueryScope, q: CallbacksApiQuery) => [...webhookKeys.callbacks(s), "page", q] as const,
  allCallbacks: (s: QueryScope) => [...webhookKeys.callbacks(s), "all"] as const,
  events: (s: QueryScope) => [...webhookKeys.all(s), "events"] as const,
  eventLists: (s: QueryScope) => [...webhookKeys.events(s), "list"] as const,
  eventList: (s: QueryScope, q: DeliveriesApiQuery) => [...webhookKeys.eventLists(s), q] as const,
  event: (s: QueryScope, id: string) => [...webhookKeys.events(s), "detail", id] as const,
};

const BFF = "/api/bff/webhooks";

export const webhookCallbacksQuery = (scope: QueryScope, q: CallbacksApiQuery) =>
  queryOptions({
    queryKey: webhookKeys.callbackPage(scope, q),
    queryFn: ({ signal }) => bffFetch<WebhookCallbackPage>(withScope(`${BFF}/callbacks?${callbacksList.apiSearch(q)}`, scope), { signal }),
  });

/** Every callback (up to 500): the inspector names each delivery's callback with it. */
export const allWebhookCallbacksQuery = (scope: QueryScope) =>
  queryOptions({
    queryKey: webhookKeys.allCallbacks(scope),
    queryFn: ({ signal }) => bffFetch<WebhookCallback[]>(withScope(`${BFF}/callbacks/all`, scope), { signal }),
    staleTime: 60_000,
  });

export const webhookEventsQuery = (scope: QueryScope, q: DeliveriesApiQuery) =>
  queryOptions({
    queryKey: webhookKeys.eventList(scope, q),
    queryFn: ({ signal }) => bffFetch<WebhookEventPage>(withScope(`${BFF}/events?${deliveriesList.apiSearch(q)}`, scope), { signal }),
  });

export const webhookEventQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: webhookKeys.event(scope, id),
    queryFn: ({ signal }) => bffFetch<WebhookEventDetail>(withScope(`${BFF}/events/${encodeURIComponent(id)}`, scope), { signal }),
  });

/** Registration answers with the signing key: the caller shows it once and keeps it only in the view's state. */
export const createWebhookCallback = (scope: QueryScope, body: CreateWebhookCallbackBody) =>
  bffFetch<WebhookCallbackWithKey>(withScope(`${BFF}/callbacks`, scope), { method: "POST", body });

export const updateWebhookCallback = (scope: QueryScope, id: string, body: UpdateWebhookCallbackBody) =>
  bffFetch<WebhookCallback>(withScope(`${BFF}/callbacks/${encodeURIComponent(id)}`, scope), { method: "PATCH", body });

export const deleteWebhookCallback = (scope: QueryScope, id: string) =>
  bffFetch<{ status: "ok" }>(withScope(`${BFF}/callbacks/${encodeURIComponent(id)}`, scope), { method: "DELETE" });

export const replayWebhookEvents = (scope: QueryScope, ids: string[]) =>
  bffFetch<ReplayResult>(withScope(`${BFF}/events/replay`, scope), { method: "POST", body: { ids } });

export const sendTestWebhookEvent = async (scope: QueryScope, body: SandboxTriggerWebhookBody): Promise<TestEventResult> => ({
  ...(await bffFetch<z.infer<typeof SandboxTriggerWebhookResponseSchema>["data"]>(withScope(`${BFF}/test-event`, scope), {
    method: "POST",
    body,
  })),
  event_type: body.event_type as WebhookEventType,
});
