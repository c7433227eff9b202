import { bffHandler } from "@/lib/console/server/bff";
import { replayWebhookEvents } from "@/lib/console/server/webhooks/api";
import { z } from "zod";

// POST /api/bff/webhooks/events/replay — sends the selected deliveries again (same event id).
export const POST = bffHandler(
  async ({ api, body }) => {
    return replayWebhookEvents(api, body.ids);
  },
  // The console replays the deliveries it selected (the API also takes a time window).
  { body: z.strictObject({ ids: z.array(z.string().max(64)).min(1).max(100) }) },
);
