import { bffHandler } from "@/lib/console/server/bff";
import { createRecurringIncentive, listRecurringIncentives } from "@/lib/console/server/incentives/api";
import { recurringList } from "@/lib/console/incentives/list";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";
import { CreateRecurringIncentiveBodySchema } from "@/lib/contract";

// GET /api/bff/incentives/recurring — one page of recurring incentives (filters employment_id, status).
export const GET = bffHandler(async ({ api, req }) => {
  return listRecurringIncentives(api, listQueryOf(recurringList, req));
});

// POST /api/bff/incentives/recurring — creates a monthly incentive.
export const POST = bffHandler(
  async ({ api, body }) => {
    return createRecurringIncentive(api, body);
  },
  { body: CreateRecurringIncentiveBodySchema, status: 201 },
);
