import "server-only";
import {
  CreateRecurringIncentiveBodySchema,
  DeleteRecurringIncentiveResponseSchema,
  PaginationQuerySchema,
  RecurringIncentiveListQuerySchema,
  RecurringIncentiveListResponseSchema,
  RecurringIncentiveResponseSchema,
} from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { createRecurringIncentive, deleteRecurringIncentive, listRecurringIncentives } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_READ, INCENTIVE_WRITE } from "./scopes";

// GET /v1/incentives/recurring — the company's recurring (monthly) incentives, deleted ones excluded.
// Answers 201, as the provider declares for this read (docs/decisions/contract-people-ops.md).
export const listRecurringIncentivesRoute = defineRoute({
  method: "get",
  path: "/v1/incentives/recurring",
  operationId: "get_v1_incentives_recurring",
  summary: "List recurring incentives",
  tag: "Incentives",
  auth: INCENTIVE_READ,
  query: PaginationQuerySchema.extend(RecurringIncentiveListQuerySchema.shape),
  responses: {
    201: {
      description: "A page of recurring incentives (the provider's status for this read)",
      schema: RecurringIncentiveListResponseSchema,
    },
    400: { description: "Invalid query" },
    404: { description: "employment_id is not an employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      await listRecurringIncentives(
        c.get("deps"),
        {
          companyId: principal.companyId!,
          employmentId: query.employment_id,
          status: query.status,
          type: query.type,
          note: query.note,
        },
        pageParams(query),
      ),
      201,
    ),
});

// POST /v1/incentives/recurring — a monthly incentive from effective_date, optionally for duration_in_months.
export const createRecurringIncentiveRoute = defineRoute({
  method: "post",
  path: "/v1/incentives/recurring",
  operationId: "post_v1_incentives_recurring",
  summary: "Create recurring incentive",
  tag: "Incentives",
  auth: INCENTIVE_WRITE,
  body: CreateRecurringIncentiveBodySchema,
  responses: {
    201: { description: "Created", schema: RecurringIncentiveResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "employment_id is not an employment of the company" },
    409: { description: "Company not active" },
    422: { description: "Validation failure, or operation not available" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) =>
    c.json({ data: { recurring_incentive: await createRecurringIncentive(c.get("deps"), principal, body) } }, 201),
});

// DELETE /v1/incentives/recurring/{id} — stops the recurrence; returns the monthly incentives already scheduled.
export const deleteRecurringIncentiveRoute = defineRoute({
  method: "delete",
  path: "/v1/incentives/recurring/{id}",
  operationId: "delete_v1_incentives_recurring_id",
  summary: "Delete recurring incentive",
  tag: "Incentives",
  auth: INCENTIVE_WRITE,
  responses: {
    200: { description: "Deleted", schema: DeleteRecurringIncentiveResponseSchema },
    404: { description: "Not found" },
    409: { description: "Company not active" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({
      data: { status: "ok" as const, already_scheduled_incentives: await deleteRecurringIncentive(c.get("deps"), principal, params.id!) },
    }),
});
