import { bffHandler } from "@/lib/console/server/bff";
import { listWebhookEvents } from "@/lib/console/server/webhooks/api";
import { deliveriesQueryOf } from "@/lib/console/server/webhooks/server";

// GET /api/bff/webhooks/events — one page of the delivery log (event_type, successfully_delivered).
export const GET = bffHandler(async ({ api, req }) => {
  return listWebhookEvents(api, deliveriesQueryOf(req));
});
