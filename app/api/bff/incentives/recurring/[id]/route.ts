import { bffHandler } from "@/lib/console/bff";
import { deleteRecurringIncentive } from "@/lib/console/incentives/api";

// DELETE /api/bff/incentives/recurring/{id} — stops a recurrence; answers the incentives already scheduled.
export const DELETE = bffHandler(async ({ api, params }) => {
  return deleteRecurringIncentive(api, params.id!);
});
