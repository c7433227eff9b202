import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { getOffboarding } from "@/lib/console/offboardings/api";

// GET /api/bff/offboardings/{id} — one offboarding, for the detail page's client refetch.
export const GET = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  return getOffboarding(api, params.id!);
});
