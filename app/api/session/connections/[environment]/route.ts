import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleForgetConnection } from "@/lib/console/server/auth/session-routes";

export const dynamic = "force-dynamic";

// DELETE /api/session/connections/{environment}: forget that environment's token (revoking an OAuth grant).
export async function DELETE(req: Request, ctx: { params: Promise<{ environment: string }> }) {
  return handleForgetConnection(await getAuthDeps(), req, (await ctx.params).environment);
}
