import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { updateTimeoff } from "@/lib/console/timeoff/api";
import { TimeoffTransitionBodySchema } from "@/lib/console/timeoff/rules";

// PATCH /api/bff/timeoff/{id} — approves, declines (decline_reason) or cancels (cancel_reason) time off.
export const PATCH = bffHandler(
  async ({ api, session, req, params, body }) => {
    assertSameScope(req, session);
    return updateTimeoff(api, params.id!, body);
  },
  { body: TimeoffTransitionBodySchema },
);
