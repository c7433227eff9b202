import "server-only";
import { OkEnvelopeSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { deleteWebhookCallback } from "../../services/webhooks";
import { COMMON_ERRORS, WEBHOOK_WRITE } from "./scopes";

// DELETE /v1/webhook-callbacks/{id} — stops deliveries to the callback; pending ones are cancelled.
export const deleteWebhookCallbackRoute = defineRoute({
  method: "delete",
  path: "/v1/webhook-callbacks/{id}",
  operationId: "delete_v1_webhook_callbacks_id",
  summary: "Delete a webhook callback",
  tag: "Webhooks",
  auth: WEBHOOK_WRITE,
  responses: {
    200: { description: "Deleted", schema: OkEnvelopeSchema },
    404: { description: "No such callback for this token" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    await deleteWebhookCallback(c.get("deps"), principal, params.id!);
    return c.json({ data: { status: "ok" as const } });
  },
});
