import "server-only";
import { PaginationQuerySchema, TimeoffListQuerySchema, TimeoffListResponseSchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listTimeoffs } from "../../services/timeoff";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_READ } from "./scopes";

// GET /v1/timeoff — the company's time off, newest first; filters employment_id, timeoff_type, status,
// the provider's start_date / end_date window, and its sort_by / order.
export const listTimeoffRoute = defineRoute({
  method: "get",
  path: "/v1/timeoff",
  operationId: "get_v1_timeoff",
  summary: "List time off",
  tag: "Time off",
  auth: TIMEOFF_READ,
  query: PaginationQuerySchema.extend(TimeoffListQuerySchema.shape),
  responses: {
    200: { description: "A page of time off", schema: TimeoffListResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id is not an employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      await listTimeoffs(
        c.get("deps"),
        {
          companyId: principal.companyId!,
          employmentId: query.employment_id,
          timeoffType: query.timeoff_type,
          status: query.status,
          startDate: query.start_date,
          endDate: query.end_date,
          sortBy: query.sort_by,
          order: query.order,
        },
        pageParams(query),
      ),
    ),
});
