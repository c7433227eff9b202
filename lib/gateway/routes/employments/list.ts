import "server-only";
import { EmploymentListQuerySchema, EmploymentListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { notFound } from "../../errors";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listEmployments } from "../../services/employments";
import { COMMON_ERRORS, EMPLOYMENT_READ } from "./scopes";

const QuerySchema = PaginationQuerySchema.extend(EmploymentListQuerySchema.shape);

// GET /v1/employments — the company's employments, reduced items, filtered by status and personal email.
export const listEmploymentsRoute = defineRoute({
  method: "get",
  path: "/v1/employments",
  operationId: "get_v1_employments",
  summary: "List employments",
  tag: "Employments",
  auth: EMPLOYMENT_READ,
  query: QuerySchema,
  responses: {
    200: { description: "A page of employments", schema: EmploymentListResponseSchema },
    400: { description: "Invalid query" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => {
    // `company_id` (the provider's) names the token's own company; another company's is a 404.
    if (query.company_id !== undefined && query.company_id !== principal.companyId) throw notFound("Company");
    return c.json(
      await listEmployments(
        c.get("deps"),
        {
          companyId: principal.companyId!,
          statuses: query.status,
          email: query.email,
          types: query.employment_type,
          model: query.employment_model,
          shortId: query.short_id,
        },
        pageParams(query),
      ),
    );
  },
});
