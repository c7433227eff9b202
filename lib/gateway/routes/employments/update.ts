import "server-only";
import { EmploymentResponseSchema, UpdateEmploymentV1BodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateEmploymentV1 } from "../../services/employment-writes";
import { COMMON_ERRORS, EMPLOYMENT_WRITE } from "./scopes";

// PATCH|PUT /v1/employments/{employment_id} — fills country-form sections; tasks complete as sections are filled.
export const updateEmploymentRoute = defineRoute({
  method: ["patch", "put"],
  path: "/v1/employments/{employment_id}",
  operationId: "v1_employments_employment_id",
  summary: "Update employment sections",
  tag: "Employments",
  auth: EMPLOYMENT_WRITE,
  body: UpdateEmploymentV1BodySchema,
  responses: {
    200: { description: "The employment after update", schema: EmploymentResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Not found" },
    409: { description: "Company not active" },
    422: { description: "Validation failure, or operation not available" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { employment: await updateEmploymentV1(c.get("deps"), principal, params.employment_id!, body ?? {}) } }),
});
