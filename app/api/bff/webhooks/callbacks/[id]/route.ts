import { bffHandler } from "@/lib/console/server/bff";
import { deleteWebhookCallback, updateWebhookCallback } from "@/lib/console/server/webhooks/api";
import { UpdateWebhookCallbackBodySchema } from "@/lib/contract";

// PATCH /api/bff/webhooks/callbacks/{id} — changes a callback's URL or subscribed events.
export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    return updateWebhookCallback(api, params.id!, body);
  },
  { body: UpdateWebhookCallbackBodySchema },
);

// DELETE /api/bff/webhooks/callbacks/{id} — deletes a callback (its pending deliveries are cancelled).
export const DELETE = bffHandler(async ({ api, params }) => {
  return deleteWebhookCallback(api, params.id!);
});
