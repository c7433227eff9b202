import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { replayWebhookEvents } from "@/lib/console/webhooks/api";
import { ReplayWebhookEventsBodySchema } from "@/lib/contract";

// POST /api/bff/webhooks/events/replay — sends the selected deliveries again (same event id).
export const POST = bffHandler(
  async ({ api, session, req, body }) => {
    assertSameScope(req, session);
    return replayWebhookEvents(api, body.ids);
  },
  { body: ReplayWebhookEventsBodySchema },
);
