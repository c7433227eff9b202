import { bffHandler } from "@/lib/console/server/bff";
import { getTimeoffBalance } from "@/lib/console/server/timeoff/api";

// GET /api/bff/timeoff/balances/{employmentId} — an employment's paid time off balance this year.
export const GET = bffHandler(async ({ api, params }) => {
  return getTimeoffBalance(api, params.employmentId!);
});
