import { listPartnerViewsRoute, savePartnerViewRoute } from "@/lib/console/server/views/partner-routes";

export const dynamic = "force-dynamic";

// GET /api/partner/views?list=/partner/employments — the operator's saved views of a partner list (this environment).
// POST /api/partner/views {list, name, search} — saves the list's view under a name (the same name replaces it).
export const GET = listPartnerViewsRoute;

export const POST = savePartnerViewRoute;
