import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { listPayslips } from "@/lib/console/server/payslips/api";
import { PayslipListQuerySchema } from "@/lib/contract";

// GET /api/bff/payslips — one page of the company's payslips (GET /v1/payslips), for the list's
// client refetch. The API's own query rules (pagination, employment_id, start_date/end_date).

const KEYS = new Set(["page", "page_size", "employment_id", "start_date", "end_date"]);

export const GET = bffHandler(async ({ api, req }) => {
  const parsed = PayslipListQuerySchema.safeParse(Object.fromEntries([...req.nextUrl.searchParams].filter(([k]) => KEYS.has(k))));
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
  return listPayslips(api, {
    page: q.page,
    page_size: q.page_size,
    employment_id: q.employment_id,
    start_date: q.start_date,
    end_date: q.end_date,
  });
});
