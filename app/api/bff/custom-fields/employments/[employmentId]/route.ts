import { bffHandler } from "@/lib/console/bff";
import { listEmploymentCustomFields } from "@/lib/console/custom-fields/api";
import { assertSameScope } from "@/lib/console/employments/bff-scope";

// GET /api/bff/custom-fields/employments/{employment_id} — every definition with the employment's
// value (GET /v1/custom-fields, then GET /v1/custom-fields/{id}/values/{employment_id} per field).
export const GET = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  return listEmploymentCustomFields(api, params.employmentId!);
});
