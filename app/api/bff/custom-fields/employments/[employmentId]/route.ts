import { bffHandler } from "@/lib/console/server/bff";
import { listEmploymentCustomFields } from "@/lib/console/server/custom-fields/api";

// GET /api/bff/custom-fields/employments/{employment_id} — every definition with the employment's
// value (GET /v1/custom-fields, then GET /v1/custom-fields/{id}/values/{employment_id} per field).
export const GET = bffHandler(async ({ api, params }) => {
  return listEmploymentCustomFields(api, params.employmentId!);
});
