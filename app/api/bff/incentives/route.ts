import { bffHandler } from "@/lib/console/server/bff";
import { createIncentive, listIncentives } from "@/lib/console/server/incentives/api";
import { incentivesList } from "@/lib/console/incentives/list";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";
import { CreateIncentiveBodySchema } from "@/lib/contract";

// GET /api/bff/incentives — one page of one-time incentives (filters employment_id, status).
export const GET = bffHandler(async ({ api, req }) => {
  return listIncentives(api, listQueryOf(incentivesList, req));
});

// POST /api/bff/incentives — creates a one-time incentive.
export const POST = bffHandler(
  async ({ api, body }) => {
    return createIncentive(api, body);
  },
  { body: CreateIncentiveBodySchema, status: 201 },
);
