import "server-only";
import { EmploymentResponseSchema, UpdateEmploymentV2BodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateEmploymentV2 } from "../../services/employment-writes";
import { COMMON_ERRORS, EMPLOYMENT_WRITE } from "./scopes";

// PUT|PATCH /v2/employments/{employment_id} — Update employment, spec 4.1.
export const updateEmploymentV2Route = defineRoute({
  method: ["put", "patch"],
  path: "/v2/employments/{employment_id}",
  operationId: "v2_employments_employment_id",
  summary: "Update employment",
  tag: "Employment Management",
  auth: EMPLOYMENT_WRITE,
  body: UpdateEmploymentV2BodySchema.optional().transform((b) => b ?? {}),
  responses: {
    200: { description: "The full record after update", schema: EmploymentResponseSchema },
    400: { description: "Malformed body or a property other than the four" },
    404: { description: "Not found" },
    409: { description: "Company not in status active" },
    422: { description: "Validation failure, or operation not available for this employment" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { employment: await updateEmploymentV2(c.get("deps"), principal, params.employment_id!, body) } }),
});
