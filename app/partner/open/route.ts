import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleOpenCompany } from "@/lib/console/server/partner/routes";

export const dynamic = "force-dynamic";

// GET /partner/open?company=<id>&next=<path> — the partner view's links into one company's pages.
export async function GET(req: Request) {
  return handleOpenCompany(await getAuthDeps(), req);
}
