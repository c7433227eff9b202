import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleGetSession, handleSignOut } from "@/lib/console/server/auth/session-routes";

export const dynamic = "force-dynamic";

// GET /api/session: the PublicSession of this browser ({data: null} when signed out).
export async function GET(req: Request) {
  return handleGetSession(await getAuthDeps(), req);
}

// DELETE /api/session: sign out: forget every connection (revoking OAuth grants) and the cookie.
export async function DELETE(req: Request) {
  return handleSignOut(await getAuthDeps(), req);
}
