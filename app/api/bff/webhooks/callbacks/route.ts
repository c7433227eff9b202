import { bffHandler } from "@/lib/console/server/bff";
import { createWebhookCallback, listWebhookCallbacks } from "@/lib/console/server/webhooks/api";
import { callbacksQueryOf, requireCompanyId } from "@/lib/console/server/webhooks/server";
import { CreateWebhookCallbackBodySchema } from "@/lib/contract";

// GET /api/bff/webhooks/callbacks — one page of the company's webhook callbacks (never their keys).
export const GET = bffHandler(async ({ api, session, req }) => {
  return listWebhookCallbacks(api, requireCompanyId(session), callbacksQueryOf(req));
});

// POST /api/bff/webhooks/callbacks — registers a callback; the answer carries the signing key, once.
// Nothing here logs or keeps it: it goes to the browser that asked, with no-store.
export const POST = bffHandler(
  async ({ api, body }) => {
    return createWebhookCallback(api, body);
  },
  { body: CreateWebhookCallbackBodySchema, status: 201 },
);
