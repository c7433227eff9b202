import "server-only";
import { MessageErrorSchema, PaginationQuerySchema, WebhookEventListQuerySchema, WebhookEventListResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { listWebhookEvents } from "../../services/webhooks-events";
import { COMMON_ERRORS, WEBHOOK_READ } from "./scopes";

// GET /v1/webhook-events — the delivery log of the caller's callbacks, newest first.
export const listWebhookEventsRoute = defineRoute({
  method: "get",
  path: "/v1/webhook-events",
  operationId: "get_v1_webhook_events",
  summary: "List webhook events (delivery log)",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  query: PaginationQuerySchema.extend(WebhookEventListQuerySchema.shape),
  responses: {
    200: { description: "A page of deliveries", schema: WebhookEventListResponseSchema },
    400: { description: "Invalid filter, page or page_size", schema: MessageErrorSchema },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      WebhookEventListResponseSchema.parse({
        data: await listWebhookEvents(c.get("deps"), principal, {
          eventType: query.event_type,
          successfullyDelivered: query.successfully_delivered === undefined ? undefined : query.successfully_delivered === "true",
          companyId: query.company_id,
          page: query.page,
          pageSize: query.page_size,
        }),
      }),
    ),
});
