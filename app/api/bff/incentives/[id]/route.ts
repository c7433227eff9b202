import { bffHandler } from "@/lib/console/server/bff";
import { deleteIncentive, getIncentive, updateIncentive } from "@/lib/console/server/incentives/api";
import { UpdateIncentiveBodySchema } from "@/lib/contract";

// GET /api/bff/incentives/{id} — one incentive, for the edit page's client refetch.
export const GET = bffHandler(async ({ api, params }) => {
  return getIncentive(api, params.id!);
});

// PATCH /api/bff/incentives/{id} — edits a pending incentive (409 once processing or paid).
export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    return updateIncentive(api, params.id!, body);
  },
  { body: UpdateIncentiveBodySchema },
);

// DELETE /api/bff/incentives/{id} — deletes a pending incentive (409 once processing or paid).
export const DELETE = bffHandler(async ({ api, params }) => {
  return deleteIncentive(api, params.id!);
});
