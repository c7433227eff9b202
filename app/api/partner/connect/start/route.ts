import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleConnectStart } from "@/lib/console/server/partner/connect";

export const dynamic = "force-dynamic";

// GET /api/partner/connect/start?link=<token> — a consent link's "Continue": off to the API's authorize page.
export async function GET(req: Request) {
  return handleConnectStart(await getAuthDeps(), req);
}
