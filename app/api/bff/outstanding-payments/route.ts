import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { listOutstandingPayments } from "@/lib/console/server/outstanding-payments/api";
import { OutstandingPaymentListQuerySchema } from "@/lib/contract";

// GET /api/bff/outstanding-payments — one page of outstanding payments and refunds
// (GET /api/v1/employer/outstanding-payments-and-refunds), sorted and filtered as the API allows.

const KEYS = new Set(["page", "page_size", "sort_by", "sort_order", "type"]);

export const GET = bffHandler(async ({ api, req }) => {
  const parsed = OutstandingPaymentListQuerySchema.safeParse(
    Object.fromEntries([...req.nextUrl.searchParams].filter(([k]) => KEYS.has(k))),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiRequestError({
      kind: "bad_request",
      status: 400,
      message: `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`,
      requestId: null,
    });
  }
  const q = parsed.data;
  return listOutstandingPayments(api, { page: q.page, page_size: q.page_size, sort_by: q.sort_by, sort_order: q.sort_order, type: q.type });
});
