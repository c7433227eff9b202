import "server-only";
import {
  MessageErrorSchema,
  PaginationQuerySchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListResponseSchema,
  WebhookEventListQuerySchema,
  WebhookEventListResponseSchema,
} from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute, type RouteInput } from "../../route";
import { listWebhookEvents, toWebhookEvent, type ListWebhookEventsInput } from "../../services/webhooks-events";
import { COMMON_ERRORS, WEBHOOK_READ } from "./scopes";

const query = PaginationQuerySchema.extend(WebhookEventListQuerySchema.shape);
const deliveriesQuery = PaginationQuerySchema.extend(WebhookDeliveryListQuerySchema.shape);
type Query = RouteInput<typeof deliveriesQuery._output, unknown>["query"];

const toInput = (q: Query): ListWebhookEventsInput => ({
  employmentId: q.employment_id,
  eventType: q.event_type,
  successfullyDelivered: q.successfully_delivered === undefined ? undefined : q.successfully_delivered === "true",
  companyId: q.company_id,
  before: q.before,
  after: q.after,
  order: q.order,
});

// GET /v1/webhook-events — the delivery log of the caller's callbacks, newest first, as the provider's
// ListWebhookEventsResponse (its WebhookEvent fields only).
export const listWebhookEventsRoute = defineRoute({
  method: "get",
  path: "/v1/webhook-events",
  operationId: "get_v1_webhook_events",
  summary: "List webhook events (delivery log)",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  query,
  responses: {
    200: { description: "A page of deliveries", schema: WebhookEventListResponseSchema },
    400: { description: "Invalid filter, page or page_size", schema: MessageErrorSchema },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query: q, principal }) => {
    const { data } = await listWebhookEvents(c.get("deps"), principal, toInput(q), pageParams(q));
    return c.json(WebhookEventListResponseSchema.parse({ data: { ...data, webhook_events: data.webhook_events.map(toWebhookEvent) } }));
  },
});

// GET /v1/webhook-deliveries — Roster-only: the same log with each delivery's state (status, attempts,
// next attempt, last response, payload), for the console's delivery inspector; `employment_id` narrows
// it to the deliveries whose payload names one employment (the console's employment timeline).
export const listWebhookDeliveriesRoute = defineRoute({
  method: "get",
  path: "/v1/webhook-deliveries",
  operationId: "get_v1_webhook_deliveries",
  summary: "List webhook deliveries with their state (Roster)",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  query: deliveriesQuery,
  responses: {
    200: { description: "A page of deliveries", schema: WebhookDeliveryListResponseSchema },
    400: { description: "Invalid filter, page or page_size", schema: MessageErrorSchema },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query: q, principal }) =>
    c.json(WebhookDeliveryListResponseSchema.parse(await listWebhookEvents(c.get("deps"), principal, toInput(q), pageParams(q)))),
});
