import { bffHandler } from "@/lib/console/server/bff";
import { createTimeoff, listTimeoff } from "@/lib/console/server/timeoff/api";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";
import { timeoffList } from "@/lib/console/timeoff/list";
import { CreateTimeoffBodySchema } from "@/lib/contract";

// GET /api/bff/timeoff — one page of time off (filters employment_id, timeoff_type, status).
export const GET = bffHandler(async ({ api, req }) => {
  return listTimeoff(api, listQueryOf(timeoffList, req));
});

// POST /api/bff/timeoff — requests time off for an employment (POST /v1/timeoff).
export const POST = bffHandler(
  async ({ api, body }) => {
    return createTimeoff(api, body);
  },
  { body: CreateTimeoffBodySchema, status: 201 },
);
