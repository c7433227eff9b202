import { bffHandler } from "@/lib/console/bff";
import { UpdateEmploymentV2BodySchema } from "@/lib/contract";

// GET /api/bff/employments/{id} — one employment (spec 2.1), for the detail page's client refetch.
export const GET = bffHandler(async ({ api, params }) => {
  const res = await api.getEmployment(params.id!);
  return res.data.employment;
});

// PATCH /api/bff/employments/{id} — Update employment (spec 4.1) through PATCH /v2/employments/{id}.
export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    const res = await api.updateEmploymentV2(params.id!, body);
    return res.data.employment;
  },
  { body: UpdateEmploymentV2BodySchema },
);
