import "server-only";
import { FieldErrorsSchema, UpdateWebhookCallbackBodySchema, WebhookCallbackResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateWebhookCallback } from "../../services/webhooks";
import { COMMON_ERRORS, WEBHOOK_WRITE } from "./scopes";

// PATCH /v1/webhook-callbacks/{id} — changes the URL or the subscriptions (the signing key stays).
export const updateWebhookCallbackRoute = defineRoute({
  method: "patch",
  path: "/v1/webhook-callbacks/{id}",
  operationId: "patch_v1_webhook_callbacks_id",
  summary: "Update a webhook callback",
  tag: "Webhooks",
  auth: WEBHOOK_WRITE,
  body: UpdateWebhookCallbackBodySchema,
  responses: {
    200: { description: "The callback after update", schema: WebhookCallbackResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "No such callback for this token" },
    422: { description: "Unknown event types, or a URL that is not allowed", schema: FieldErrorsSchema },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json(
      WebhookCallbackResponseSchema.parse({
        data: { webhook_callback: await updateWebhookCallback(c.get("deps"), principal, params.id!, body) },
      }),
    ),
});
