import { z } from "zod";
import { bffHandler } from "@/lib/console/server/bff";
import { listSessionViews, saveSessionView } from "@/lib/console/server/views/store";

// GET /api/bff/views?list=/expenses — the signed-in user's saved views of a list (this environment and company).
// POST /api/bff/views {list, name, search} — saves the list's view under a name (the same name replaces it).
// The console's own table (lib/console/server/views/store.ts); no API call.

export const GET = bffHandler(async ({ session, req }) => listSessionViews(session, req.nextUrl.searchParams.get("list") ?? ""));

const SaveViewSchema = z.object({
  list: z.string().max(200),
  name: z.string().max(400),
  search: z.string().max(4000),
});

export const POST = bffHandler(async ({ session, body }) => saveSessionView(session, body), { body: SaveViewSchema, status: 201 });
