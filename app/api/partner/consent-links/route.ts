import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { handleCreateConsentLink } from "@/lib/console/server/partner/routes";

export const dynamic = "force-dynamic";

// POST /api/partner/consent-links — an operator creates a consent link for the current environment.
export async function POST(req: Request) {
  return handleCreateConsentLink(await getAuthDeps(), req);
}
