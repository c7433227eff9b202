import { bffHandler } from "@/lib/console/server/bff";
import { UpdateEmploymentV2BodySchema } from "@/lib/contract";
import { getEmployment, updateEmploymentV2 } from "@/lib/console/server/employments/api";

// GET /api/bff/employments/{id} — one employment (spec 2.1), for the detail page's client refetch.
export const GET = bffHandler(async ({ api, params }) => {
  return getEmployment(api, params.id!);
});

// PATCH /api/bff/employments/{id} — Update employment (spec 4.1) through PATCH /v2/employments/{id}.
export const PATCH = bffHandler(async ({ api, params, body }) => updateEmploymentV2(api, params.id!, body), {
  body: UpdateEmploymentV2BodySchema,
});
