import { bffHandler } from "@/lib/console/server/bff";
import { createOffboarding, listOffboardings } from "@/lib/console/server/offboardings/api";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";
import { CreateOffboardingBodySchema } from "@/lib/contract";

// GET /api/bff/offboardings — one page of offboardings (filters employment_id, status).
export const GET = bffHandler(async ({ api, req }) => {
  return listOffboardings(api, listQueryOf(offboardingsList, req));
});

// POST /api/bff/offboardings — starts the termination of an active employment.
export const POST = bffHandler(
  async ({ api, body }) => {
    return createOffboarding(api, body);
  },
  { body: CreateOffboardingBodySchema, status: 201 },
);
