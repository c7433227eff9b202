import { bffHandler } from "@/lib/console/server/bff";
import { getContractAmendment } from "@/lib/console/server/contract-amendments/api";

// GET /api/bff/contract-amendments/{id} — one amendment with its changes (detail page refetch).
export const GET = bffHandler(async ({ api, params }) => {
  return getContractAmendment(api, params.id!);
});
