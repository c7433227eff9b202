import { bffHandler } from "@/lib/console/server/bff";
import { listSessionViews, saveSessionView, SaveViewBodySchema } from "@/lib/console/server/views/store";

// GET /api/bff/views?list=/expenses — the signed-in user's saved views of a list (this environment and company).
// POST /api/bff/views {list, name, search} — saves the list's view under a name (the same name replaces it).
// The console's own table (lib/console/server/views/store.ts); no API call.

export const GET = bffHandler(async ({ session, req }) => listSessionViews(session, req.nextUrl.searchParams.get("list") ?? ""));

export const POST = bffHandler(async ({ session, body }) => saveSessionView(session, body), { body: SaveViewBodySchema, status: 201 });
