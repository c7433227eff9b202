import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleWithdrawConsent } from "@/lib/console/server/partner/routes";

export const dynamic = "force-dynamic";

// POST /api/partner/companies/{companyId}/withdraw — withdraws the company's consent (revoked at the API).
export async function POST(req: Request, ctx: { params: Promise<{ companyId: string }> }) {
  return handleWithdrawConsent(await getAuthDeps(), req, (await ctx.params).companyId);
}
