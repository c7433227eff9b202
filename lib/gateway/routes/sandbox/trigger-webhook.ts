import "server-only";
import {
  SandboxTriggerWebhookBodySchema,
  SandboxTriggerWebhookResponseSchema,
  WEBHOOK_EVENT_ID_HEADER,
  ValidationErrorSchema,
  type WebhookEventType,
} from "@/lib/contract";
import { defineRoute } from "../../route";
import { triggerSandboxWebhook } from "../../services/webhooks-trigger";
import { COMMON_ERRORS } from "../webhooks/scopes";

// POST /v1/sandbox/webhook-callbacks/trigger — sandbox only: emits an event for an employment now.
export const sandboxTriggerWebhookRoute = defineRoute({
  method: "post",
  path: "/v1/sandbox/webhook-callbacks/trigger",
  operationId: "post_v1_sandbox_webhook_callbacks_trigger",
  summary: "Trigger a webhook event in sandbox",
  tag: "Sandbox",
  auth: { kind: "scoped", scopes: ["webhook:write"], company: true },
  sandboxOnly: true,
  body: SandboxTriggerWebhookBodySchema,
  responses: {
    200: { description: "The event, queued for the matching callbacks", schema: SandboxTriggerWebhookResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Not an employment of this company, or called on production" },
    422: { description: "Unknown event type", schema: ValidationErrorSchema },
    ...COMMON_ERRORS,
  },
  // The provider's SuccessResponse; the event's id (the X-Service-Event-Id its deliveries carry) is in
  // the same header of this response, and the event with its payload in the delivery log.
  handler: async (c, { body, principal }) => {
    const event = await triggerSandboxWebhook(c.get("deps"), principal, {
      employmentId: body.employment_id,
      eventType: body.event_type as WebhookEventType,
    });
    return c.json(SandboxTriggerWebhookResponseSchema.parse({ data: { status: "ok" } }), 200, { [WEBHOOK_EVENT_ID_HEADER]: event.id });
  },
});
