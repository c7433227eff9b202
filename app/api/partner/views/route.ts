import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleListPartnerViews, handleSavePartnerView } from "@/lib/console/server/views/partner-routes";

export const dynamic = "force-dynamic";

// GET /api/partner/views?list=/partner/employments — the operator's saved views of a partner list (this environment).
// POST /api/partner/views {list, name, search} — saves the list's view under a name (the same name replaces it).
export async function GET(req: Request) {
  return handleListPartnerViews(await getAuthDeps(), req);
}

export async function POST(req: Request) {
  return handleSavePartnerView(await getAuthDeps(), req);
}
