import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handlePartnerEmploymentsExport } from "@/lib/console/server/export/partner";

export const dynamic = "force-dynamic";

// GET /api/partner/employments/export — the partner's employments across companies (read model) as CSV, streamed and audited.
export async function GET(req: Request) {
  return handlePartnerEmploymentsExport(await getAuthDeps(), req);
}
