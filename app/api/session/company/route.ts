import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleSwitchCompany } from "@/lib/console/server/partner/routes";

export const dynamic = "force-dynamic";

// POST /api/session/company {companyId|null} — the operator's company switcher (null: the partner view).
export async function POST(req: Request) {
  return handleSwitchCompany(await getAuthDeps(), req);
}
