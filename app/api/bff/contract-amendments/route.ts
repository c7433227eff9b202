import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { createContractAmendment, listContractAmendments } from "@/lib/console/server/contract-amendments/api";
import { ContractAmendmentListQuerySchema, CreateContractAmendmentBodySchema } from "@/lib/contract";

// GET /api/bff/contract-amendments — one page of amendments (GET /v1/contract-amendments), with the
// API's own query rules (pagination, employment_id, status list).

const KEYS = new Set(["page", "page_size", "employment_id", "status"]);

export const GET = bffHandler(async ({ api, req }) => {
  const parsed = ContractAmendmentListQuerySchema.safeParse(Object.fromEntries([...req.nextUrl.searchParams].filter(([k]) => KEYS.has(k))));
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
  return listContractAmendments(api, { page: q.page, page_size: q.page_size, employment_id: q.employment_id, status: q.status });
});

// POST /api/bff/contract-amendments — requests an amendment (POST /v1/contract-amendments); the API
// validates `contract_amendment` with the country's form and answers 422 per field.
export const POST = bffHandler(
  async ({ api, body }) => {
    return createContractAmendment(api, body);
  },
  { body: CreateContractAmendmentBodySchema, status: 201 },
);
