import { bffHandler } from "@/lib/console/bff";
import { getContractAmendment } from "@/lib/console/contract-amendments/api";
import { assertSameScope } from "@/lib/console/employments/bff-scope";

// GET /api/bff/contract-amendments/{id} — one amendment with its changes (detail page refetch).
export const GET = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  return getContractAmendment(api, params.id!);
});
