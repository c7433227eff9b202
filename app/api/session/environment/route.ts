import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleSwitchEnvironment } from "@/lib/console/server/auth/session-routes";

export const dynamic = "force-dynamic";

// POST /api/session/environment {environment}: switch the current environment; 409 {signInUrl} without a connection there.
export async function POST(req: Request) {
  return handleSwitchEnvironment(await getAuthDeps(), req);
}
