import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { deleteRecurringIncentive } from "@/lib/console/incentives/api";

// DELETE /api/bff/incentives/recurring/{id} — stops a recurrence; answers the incentives already scheduled.
export const DELETE = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  return deleteRecurringIncentive(api, params.id!);
});
