import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handlePartnerEmploymentFacets } from "@/lib/console/server/partner/employments-route";

export const dynamic = "force-dynamic";

// GET /api/partner/employments/facets — employments per company and status, and the countries, from the read model.
export async function GET(req: Request) {
  return handlePartnerEmploymentFacets(await getAuthDeps(), req);
}
