import "server-only";
import { CompaniesResponseSchema, MessageErrorSchema, PaginationQuerySchema } from "@/lib/contract";
import { listConsentedCompanies } from "../../oauth/consented-companies";
import { defineRoute } from "../../route";

export const listCompaniesRoute = defineRoute({
  method: "get",
  path: "/v1/companies",
  operationId: "get_v1_companies",
  summary: "List the companies that granted consent to this client",
  tag: "Companies",
  auth: { kind: "scoped", scopes: ["company:read"], clientOnly: true },
  query: PaginationQuerySchema,
  responses: {
    200: { description: "Companies with a live grant to the calling client", schema: CompaniesResponseSchema },
    400: { description: "Invalid page or page_size", schema: MessageErrorSchema },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    403: { description: "Not a client-credentials token, or no company:read scope", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/companies: the partner's connected companies, paginated.
  handler: async (c, { query, principal }) => {
    const { companies, totalCount } = await listConsentedCompanies(c.get("deps").db, {
      clientId: principal.clientId!,
      page: query.page,
      pageSize: query.page_size,
    });
    return c.json(
      CompaniesResponseSchema.parse({
        data: { companies, current_page: query.page, total_count: totalCount, total_pages: Math.ceil(totalCount / query.page_size) },
      }),
    );
  },
});
