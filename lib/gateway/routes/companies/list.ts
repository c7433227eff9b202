import "server-only";
import { CompaniesQuerySchema, CompaniesResponseSchema, MessageErrorSchema } from "@/lib/contract";
import { listConsentedCompanies } from "../../oauth/consented-companies";
import { defineRoute } from "../../route";

export const listCompaniesRoute = defineRoute({
  method: "get",
  path: "/v1/companies",
  operationId: "get_v1_companies",
  summary: "List the companies that granted consent to this client",
  tag: "Companies",
  auth: { kind: "scoped", scopes: ["company:read"], clientOnly: true },
  query: CompaniesQuerySchema,
  responses: {
    200: { description: "Companies with a live grant to the calling client", schema: CompaniesResponseSchema },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    403: { description: "Not a client-credentials token, or no company:read scope", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/companies: the partner's connected companies, `{companies: [...]}` as the provider answers (not paginated).
  handler: async (c, { query, principal }) => {
    const companies = await listConsentedCompanies(c.get("deps").db, { clientId: principal.clientId!, externalId: query.external_id });
    return c.json(CompaniesResponseSchema.parse({ companies }));
  },
});
