import "server-only";
import { IncentiveResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getIncentiveOrThrow, serializeIncentive } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_READ } from "./scopes";

// GET /v1/incentives/{id} — one incentive of the company.
export const showIncentiveRoute = defineRoute({
  method: "get",
  path: "/v1/incentives/{id}",
  operationId: "get_v1_incentives_id",
  summary: "Show incentive",
  tag: "Incentives",
  auth: INCENTIVE_READ,
  responses: {
    200: { description: "The incentive", schema: IncentiveResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({ data: { incentive: serializeIncentive(await getIncentiveOrThrow(c.get("deps").db, principal.companyId!, params.id!)) } }),
});
