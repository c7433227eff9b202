import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { getWebhookEvent } from "@/lib/console/webhooks/api";

// GET /api/bff/webhooks/events/{id} — one delivery with its payload and every attempt.
export const GET = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  return getWebhookEvent(api, params.id!);
});
