import "server-only";
import { ReplayWebhookEventsBodySchema, ReplayWebhookEventsResponseSchema, ValidationErrorSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { replayWebhookEvents } from "../../services/webhooks-events";
import { COMMON_ERRORS, WEBHOOK_WRITE } from "./scopes";

// POST /v1/webhook-events/replay — sends deliveries again now (same X-Service-Event-Id): the ids given,
// or those first triggered in a window (with the list's filters). Answers the provider's SuccessResponse.
export const replayWebhookEventsRoute = defineRoute({
  method: "post",
  path: "/v1/webhook-events/replay",
  operationId: "post_v1_webhook_events_replay",
  summary: "Replay webhook events",
  tag: "Webhooks",
  auth: WEBHOOK_WRITE,
  body: ReplayWebhookEventsBodySchema,
  responses: {
    200: { description: "The deliveries are queued again", schema: ReplayWebhookEventsResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "An id that is not a delivery of this token's callbacks (none is replayed)" },
    422: { description: "Empty list, too many ids, or a deleted callback", schema: ValidationErrorSchema },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => {
    await replayWebhookEvents(c.get("deps"), principal, body);
    return c.json(ReplayWebhookEventsResponseSchema.parse({ data: { status: "ok" } }));
  },
});
