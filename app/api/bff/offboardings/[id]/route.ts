import { bffHandler } from "@/lib/console/server/bff";
import { getOffboarding } from "@/lib/console/server/offboardings/api";

// GET /api/bff/offboardings/{id} — one offboarding, for the detail page's client refetch.
export const GET = bffHandler(async ({ api, params }) => {
  return getOffboarding(api, params.id!);
});
