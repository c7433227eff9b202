import "server-only";
import { EmploymentResponseSchema, SandboxEmploymentUpdateBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { sandboxUpdateEmployment } from "../../services/employment-writes";
import { COMMON_ERRORS, EMPLOYMENT_WRITE } from "../employments/scopes";

// PUT|PATCH /v1/sandbox/employments/{employment_id} — sandbox only: sets a new employment's status to active.
export const sandboxUpdateEmploymentRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/sandbox/employments/{employment_id}",
  operationId: "v1_sandbox_employments_employment_id",
  summary: "Update employment in sandbox (activate)",
  tag: "Sandbox",
  auth: EMPLOYMENT_WRITE,
  sandboxOnly: true,
  body: SandboxEmploymentUpdateBodySchema.optional().transform((b) => b ?? {}),
  responses: {
    200: { description: "The employment after update", schema: EmploymentResponseSchema },
    404: { description: "Not found, or called on production" },
    422: { description: "Not activatable" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { employment: await sandboxUpdateEmployment(c.get("deps"), principal, params.employment_id!, body) } }),
});
