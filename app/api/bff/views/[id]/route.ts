import { bffHandler } from "@/lib/console/server/bff";
import { deleteSessionView } from "@/lib/console/server/views/store";

// DELETE /api/bff/views/{id} — deletes one of the signed-in user's saved views (404 for anyone else's).

export const DELETE = bffHandler(async ({ session, params }) => deleteSessionView(session, params.id ?? ""));
