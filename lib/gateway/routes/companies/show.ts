import "server-only";
import { CompanyResponseSchema, MessageErrorSchema } from "@/lib/contract";
import { notFound } from "../../errors";
import { getVisibleCompany } from "../../oauth/consented-companies";
import { defineRoute } from "../../route";

export const showCompanyRoute = defineRoute({
  method: "get",
  path: "/v1/companies/{company_id}",
  operationId: "get_v1_companies_company_id",
  summary: "Show a company: one that consented to the client, or the token's own company",
  tag: "Companies",
  auth: { kind: "scoped", scopes: ["company:read"] },
  responses: {
    200: { description: "The company", schema: CompanyResponseSchema },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    403: { description: "No company:read scope", schema: MessageErrorSchema },
    404: { description: "Unknown company, or one the caller may not see", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/companies/{company_id}: 404 for any company outside the caller's reach (never 403).
  handler: async (c, { params, principal }) => {
    const company = await getVisibleCompany(c.get("deps").db, {
      companyId: params.company_id ?? "",
      clientId: principal.kind === "client" ? principal.clientId : null,
      ownCompanyId: principal.kind === "client" ? null : principal.companyId,
    });
    if (!company) throw notFound("Company");
    return c.json(CompanyResponseSchema.parse({ data: { company } }));
  },
});
