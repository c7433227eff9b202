import "server-only";
import { WebhookEventResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getWebhookEvent } from "../../services/webhooks-events";
import { COMMON_ERRORS, WEBHOOK_READ } from "./scopes";

// GET /v1/webhook-events/{id} — one delivery with every attempt (status code or error, duration).
export const showWebhookEventRoute = defineRoute({
  method: "get",
  path: "/v1/webhook-events/{id}",
  operationId: "get_v1_webhook_events_id",
  summary: "Show a webhook event and its attempts",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  responses: {
    200: { description: "The delivery and its attempts", schema: WebhookEventResponseSchema },
    404: { description: "No such delivery for this token" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json(WebhookEventResponseSchema.parse({ data: { webhook_event: await getWebhookEvent(c.get("deps"), principal, params.id!) } })),
});
