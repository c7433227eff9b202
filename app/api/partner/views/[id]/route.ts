import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleDeletePartnerView } from "@/lib/console/server/views/partner-routes";

export const dynamic = "force-dynamic";

// DELETE /api/partner/views/{id} — deletes one of the operator's saved partner views (404 for anyone else's).
export async function DELETE(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return handleDeletePartnerView(await getAuthDeps(), req, (await ctx.params).id);
}
