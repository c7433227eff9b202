import "server-only";
import { CreateDepartmentBodySchema, DepartmentResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createDepartment, resolveCompanyId } from "../../services/company-structure";
import { COMMON_ERRORS } from "../employments/scopes";

// POST /v1/company-departments — creates a department in the token's company.
export const createDepartmentRoute = defineRoute({
  method: "post",
  path: "/v1/company-departments",
  operationId: "post_v1_company_departments",
  summary: "Create company department",
  tag: "Company departments",
  auth: { kind: "scoped", scopes: ["company_department:write"], company: true, write: true },
  body: CreateDepartmentBodySchema,
  responses: {
    201: { description: "Created", schema: DepartmentResponseSchema },
    400: { description: "Malformed body" },
    404: { description: "Another company" },
    422: { description: "Validation failure" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => {
    const department = await createDepartment(c.get("deps"), resolveCompanyId(principal, body.company_id), body.name);
    // The provider's CompanyDepartmentCreatedResponse: `{company_department}` without `data`.
    return c.json({ company_department: department }, 201);
  },
});
