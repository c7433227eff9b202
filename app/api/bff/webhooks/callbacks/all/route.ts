import { bffHandler } from "@/lib/console/server/bff";
import { listAllWebhookCallbacks } from "@/lib/console/server/webhooks/api";
import { requireCompanyId } from "@/lib/console/server/webhooks/server";

// GET /api/bff/webhooks/callbacks/all — every callback of the company, to name each delivery's callback.
export const GET = bffHandler(async ({ api, session }) => {
  return listAllWebhookCallbacks(api, requireCompanyId(session));
});
