import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { EmploymentListQuerySchema, PaginationQuerySchema } from "@/lib/contract";
import { listEmployments } from "@/lib/console/server/employments/api";

// GET /api/bff/employments — one page of the company's employments, for the list's client refetch.
// The same query rules as the API's own (page, page_size ≤ 100, status list, email).

const QuerySchema = PaginationQuerySchema.extend(EmploymentListQuerySchema.shape);
const KEYS = new Set(["page", "page_size", "status", "email"]);

export const GET = bffHandler(async ({ api, req }) => {
  const parsed = QuerySchema.safeParse(Object.fromEntries([...req.nextUrl.searchParams].filter(([k]) => KEYS.has(k))));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiRequestError({ kind: "bad_request", status: 400, message: issue?.message ?? "Invalid query", requestId: null });
  }
  const q = parsed.data;
  return listEmployments(api, { page: q.page, page_size: q.page_size, status: q.status, email: q.email || undefined });
});
