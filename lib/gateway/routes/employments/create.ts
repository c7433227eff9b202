import "server-only";
import { CreateEmploymentBodySchema, EmploymentCreationResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createEmployment } from "../../services/employment-writes";
import { COMMON_ERRORS, EMPLOYMENT_WRITE } from "./scopes";

// POST /v1/employments — creates an employment from the country's basic information form.
export const createEmploymentRoute = defineRoute({
  method: "post",
  path: "/v1/employments",
  operationId: "post_v1_employments",
  summary: "Create employment",
  tag: "Employments",
  auth: EMPLOYMENT_WRITE,
  body: CreateEmploymentBodySchema,
  responses: {
    // 200 and EmploymentBasicResponse, as the provider declares (docs/decisions/contract-core.md).
    200: { description: "Created: the new employment's basic fields", schema: EmploymentCreationResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Country not found" },
    409: { description: "Company not active" },
    422: { description: "Validation failure" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => c.json({ data: { employment: await createEmployment(c.get("deps"), principal, body) } }, 200),
});
