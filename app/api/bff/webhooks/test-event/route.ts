import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { triggerSandboxWebhook } from "@/lib/console/server/webhooks/api";
import { SandboxTriggerWebhookBodySchema } from "@/lib/contract";

// POST /api/bff/webhooks/test-event — sandbox only: emits an event for an employment now.
export const POST = bffHandler(
  async ({ api, session, body }) => {
    // The API answers 404 on production too; saying why here is clearer than "Not found".
    if (session.environment !== "sandbox") {
      throw new ApiRequestError({ kind: "not_found", status: 404, message: "Test events exist only in the sandbox.", requestId: null });
    }
    return triggerSandboxWebhook(api, body);
  },
  { body: SandboxTriggerWebhookBodySchema },
);
