import "server-only";
import { IncentiveListQuerySchema, IncentiveListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listIncentives } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_READ } from "./scopes";

// GET /v1/incentives — one-time incentives (monthly ones of recurring incentives included, generated up to this month).
export const listIncentivesRoute = defineRoute({
  method: "get",
  path: "/v1/incentives",
  operationId: "get_v1_incentives",
  summary: "List incentives",
  tag: "Incentives",
  auth: INCENTIVE_READ,
  query: PaginationQuerySchema.extend(IncentiveListQuerySchema.shape),
  responses: {
    200: { description: "A page of incentives", schema: IncentiveListResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id is not an employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      await listIncentives(
        c.get("deps"),
        {
          companyId: principal.companyId!,
          employmentId: query.employment_id,
          status: query.status,
          recurringIncentiveId: query.recurring_incentive_id,
        },
        pageParams(query),
      ),
    ),
});
