import "server-only";
import { CompanyManagerListQuerySchema, CompanyManagerListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listCompanyManagers, resolveCompanyId } from "../../services/company-structure";
import { COMMON_ERRORS } from "../employments/scopes";

// GET /v1/company-managers — the company's users with their roles (candidates for manager_id).
export const listCompanyManagersRoute = defineRoute({
  method: "get",
  path: "/v1/company-managers",
  operationId: "get_v1_company_managers",
  summary: "List company managers",
  tag: "Company managers",
  auth: { kind: "scoped", scopes: ["company_manager:read"], company: true },
  query: PaginationQuerySchema.extend(CompanyManagerListQuerySchema.shape),
  responses: {
    200: { description: "A page of company managers", schema: CompanyManagerListResponseSchema },
    404: { description: "Another company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(await listCompanyManagers(c.get("deps").db, resolveCompanyId(principal, query.company_id), pageParams(query))),
});
