import "server-only";
import { CreateIncentiveBodySchema, IncentiveResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createIncentive } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_WRITE } from "./scopes";

// POST /v1/incentives — a one-time incentive, pending until payroll takes it.
export const createIncentiveRoute = defineRoute({
  method: "post",
  path: "/v1/incentives",
  operationId: "post_v1_incentives",
  summary: "Create incentive",
  tag: "Incentives",
  auth: INCENTIVE_WRITE,
  body: CreateIncentiveBodySchema,
  responses: {
    201: { description: "Created", schema: IncentiveResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "employment_id is not an employment of the company" },
    409: { description: "Company not active" },
    422: { description: "Validation failure, or operation not available" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => c.json({ data: { incentive: await createIncentive(c.get("deps"), principal, body) } }, 201),
});
