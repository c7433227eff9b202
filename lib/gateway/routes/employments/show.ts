import "server-only";
import { EmploymentResponseSchema, ShowEmploymentQuerySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { loadEmploymentView } from "../../services/employments";
import { COMMON_ERRORS, EMPLOYMENT_READ } from "./scopes";

// GET /v1/employments/{employment_id} — the full record of spec 2.1.
export const showEmploymentRoute = defineRoute({
  method: "get",
  path: "/v1/employments/{employment_id}",
  operationId: "get_v1_employments_employment_id",
  summary: "Show employment",
  tag: "Employments",
  auth: EMPLOYMENT_READ,
  query: ShowEmploymentQuerySchema,
  responses: {
    200: { description: "The employment", schema: EmploymentResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal, query }) => {
    const deps = c.get("deps");
    const employment = await loadEmploymentView(deps, deps.db, principal.companyId!, params.employment_id!);
    return c.json({ data: { employment: query.exclude_files === "true" ? { ...employment, files: [] } : employment } });
  },
});
