import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handlePartnerEmployments } from "@/lib/console/server/partner/employments-route";

export const dynamic = "force-dynamic";

// GET /api/partner/employments — a page of the partner's employments across companies, from the read model.
export async function GET(req: Request) {
  return handlePartnerEmployments(await getAuthDeps(), req);
}
