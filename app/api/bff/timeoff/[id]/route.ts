import { bffHandler } from "@/lib/console/server/bff";
import { updateTimeoff } from "@/lib/console/server/timeoff/api";
import { TimeoffTransitionBodySchema } from "@/lib/console/timeoff/transition-body";

// PATCH /api/bff/timeoff/{id} — approves, declines (decline_reason) or cancels (cancel_reason) time off.
export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    return updateTimeoff(api, params.id!, body);
  },
  { body: TimeoffTransitionBodySchema },
);
