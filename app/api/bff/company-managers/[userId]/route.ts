import { bffHandler } from "@/lib/console/server/bff";
import { removeCompanyManager } from "@/lib/console/server/company-managers/api";

// DELETE /api/bff/company-managers/{user_id} — removes a user from the company
// (DELETE /v1/company-managers/{user_id}); the API refuses the last owner with 409.
export const DELETE = bffHandler(async ({ api, params }) => {
  return removeCompanyManager(api, params.userId!);
});
