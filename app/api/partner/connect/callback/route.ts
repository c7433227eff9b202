import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleConnectCallback } from "@/lib/console/server/partner/connect";

export const dynamic = "force-dynamic";

// GET /api/partner/connect/callback — the API's answer to a consent: the grant is stored for the partner.
export async function GET(req: Request) {
  return handleConnectCallback(await getAuthDeps(), req);
}
