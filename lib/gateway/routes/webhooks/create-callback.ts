import "server-only";
import { CreateWebhookCallbackBodySchema, FieldErrorsSchema, WebhookCallbackCreatedResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createWebhookCallback } from "../../services/webhooks";
import { COMMON_ERRORS, WEBHOOK_WRITE } from "./scopes";

// POST /v1/webhook-callbacks — registers a callback URL; the signing key is in this response only.
// 200 as the provider declares (the spec states no status for it).
export const createWebhookCallbackRoute = defineRoute({
  method: "post",
  path: "/v1/webhook-callbacks",
  operationId: "post_v1_webhook_callbacks",
  summary: "Register a webhook callback",
  tag: "Webhooks",
  auth: WEBHOOK_WRITE,
  body: CreateWebhookCallbackBodySchema,
  responses: {
    200: { description: "The callback, with its signing key (shown only here)", schema: WebhookCallbackCreatedResponseSchema },
    400: { description: "Malformed body or unknown property" },
    422: { description: "Unknown event types, or a URL that is not allowed", schema: FieldErrorsSchema },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) =>
    c.json(
      WebhookCallbackCreatedResponseSchema.parse({
        data: { webhook_callback: await createWebhookCallback(c.get("deps"), principal, body) },
      }),
      200,
    ),
});
