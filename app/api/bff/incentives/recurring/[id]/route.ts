import { bffHandler } from "@/lib/console/server/bff";
import { deleteRecurringIncentive } from "@/lib/console/server/incentives/api";

// DELETE /api/bff/incentives/recurring/{id} — stops a recurrence; answers the incentives already scheduled.
export const DELETE = bffHandler(async ({ api, params }) => {
  return deleteRecurringIncentive(api, params.id!);
});
