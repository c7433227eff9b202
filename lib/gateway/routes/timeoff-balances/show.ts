import "server-only";
import { TimeoffBalanceResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getTimeoffBalance } from "../../services/timeoff-balances";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_READ } from "../timeoff/scopes";

// GET /v1/timeoff-balances/{employment_id} — this year's paid time off: entitlements, taken, upcoming.
export const showTimeoffBalanceRoute = defineRoute({
  method: "get",
  path: "/v1/timeoff-balances/{employment_id}",
  operationId: "get_v1_timeoff_balances_employment_id",
  summary: "Show time off balance",
  tag: "Time off",
  auth: TIMEOFF_READ,
  responses: {
    200: { description: "The balance", schema: TimeoffBalanceResponseSchema },
    404: { description: "Not found" },
    422: { description: "Not available for the employment's type or model" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({ data: { timeoff_balance: await getTimeoffBalance(c.get("deps"), principal.companyId!, params.employment_id!) } }),
});
