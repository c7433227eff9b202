import "server-only";
import { CompanyManagerCreatedResponseSchema, CreateCompanyManagerBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createCompanyManager, resolveCompanyId } from "../../services/company-structure";
import { COMMON_ERRORS } from "../employments/scopes";

// POST /v1/company-managers — adds a user with a role to the token's company.
export const createCompanyManagerRoute = defineRoute({
  method: "post",
  path: "/v1/company-managers",
  operationId: "post_v1_company_managers",
  summary: "Create company manager",
  tag: "Company managers",
  auth: { kind: "scoped", scopes: ["company_manager:write"], company: true, write: true },
  body: CreateCompanyManagerBodySchema,
  responses: {
    201: { description: "Created", schema: CompanyManagerCreatedResponseSchema },
    400: { description: "Malformed body" },
    404: { description: "Another company" },
    422: { description: "Validation failure" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => {
    const deps = c.get("deps");
    const manager = await createCompanyManager(deps, principal, resolveCompanyId(principal, body.company_id), body);
    // The provider's CompanyManagerData: `{company_manager}` without `data`.
    return c.json({ company_manager: manager }, 201);
  },
});
