import "server-only";
import { DepartmentListQuerySchema, DepartmentListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listDepartments, resolveCompanyId } from "../../services/company-structure";
import { COMMON_ERRORS } from "../employments/scopes";

// GET /v1/company-departments — the company's departments (paginated; pagination fields beside `data`, as the provider's).
export const listDepartmentsRoute = defineRoute({
  method: "get",
  path: "/v1/company-departments",
  operationId: "get_v1_company_departments",
  summary: "List company departments",
  tag: "Company departments",
  auth: { kind: "scoped", scopes: ["company_department:read", "company_structure:read"], company: true },
  query: PaginationQuerySchema.extend(DepartmentListQuerySchema.shape),
  responses: {
    200: { description: "A page of departments", schema: DepartmentListResponseSchema },
    404: { description: "Another company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      await listDepartments(
        c.get("deps").db,
        resolveCompanyId(principal, query.company_id),
        query.paginate === "false" ? "all" : pageParams(query),
      ),
    ),
});
