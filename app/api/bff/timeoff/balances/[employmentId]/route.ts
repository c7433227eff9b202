import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { getTimeoffBalance } from "@/lib/console/timeoff/api";

// GET /api/bff/timeoff/balances/{employmentId} — an employment's paid time off balance this year.
export const GET = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  return getTimeoffBalance(api, params.employmentId!);
});
