import "server-only";
import { IncentiveResponseSchema, UpdateIncentiveBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateIncentive } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_WRITE } from "./scopes";

// PUT|PATCH /v1/incentives/{id} — changes a pending incentive (409 once processing or paid).
export const updateIncentiveRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/incentives/{id}",
  operationId: "v1_incentives_id",
  summary: "Update incentive",
  tag: "Incentives",
  auth: INCENTIVE_WRITE,
  body: UpdateIncentiveBodySchema.optional().transform((b) => b ?? {}),
  responses: {
    200: { description: "The incentive after update", schema: IncentiveResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Not found" },
    409: { description: "Processing or paid; or company not active" },
    422: { description: "Validation failure" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { incentive: await updateIncentive(c.get("deps"), principal, params.id!, body) } }),
});
