import { bffHandler } from "@/lib/console/server/bff";
import { getWebhookEvent } from "@/lib/console/server/webhooks/api";

// GET /api/bff/webhooks/events/{id} — one delivery with its payload and every attempt.
export const GET = bffHandler(async ({ api, params }) => {
  return getWebhookEvent(api, params.id!);
});
