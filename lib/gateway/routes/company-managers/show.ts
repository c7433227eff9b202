import "server-only";
import { CompanyManagerResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { showCompanyManager } from "../../services/company-structure";
import { COMMON_ERRORS } from "../employments/scopes";

// GET /v1/company-managers/{user_id} — one user of the company.
export const showCompanyManagerRoute = defineRoute({
  method: "get",
  path: "/v1/company-managers/{user_id}",
  operationId: "get_v1_company_managers_user_id",
  summary: "Show company manager",
  tag: "Company managers",
  auth: { kind: "scoped", scopes: ["company_manager:read"], company: true },
  responses: {
    200: { description: "The company manager", schema: CompanyManagerResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({ data: { company_manager: await showCompanyManager(c.get("deps").db, principal.companyId!, params.user_id!) } }),
});
