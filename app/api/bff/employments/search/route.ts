import { z } from "zod";
import { ApiRequestError } from "@/lib/console/api-errors";
import { PALETTE_SEARCH_MAX } from "@/lib/console/employments/palette-search";
import { bffHandler } from "@/lib/console/server/bff";
import { searchEmploymentsForSession } from "@/lib/console/server/employments/palette-search";

// GET /api/bff/employments/search?q=… — the command palette's employment search: the session's
// company only (read model when synced, else the API; lib/console/server/employments/palette-search.ts).

const QuerySchema = z.object({
  q: z.string().trim().min(1, "Type a name or an e-mail").max(PALETTE_SEARCH_MAX, `At most ${PALETTE_SEARCH_MAX} characters`),
});

export const GET = bffHandler(async ({ api, session, req }) => {
  const parsed = QuerySchema.safeParse({ q: req.nextUrl.searchParams.get("q") ?? "" });
  if (!parsed.success) {
    throw new ApiRequestError({
      kind: "bad_request",
      status: 400,
      message: parsed.error.issues[0]?.message ?? "Invalid query",
      requestId: null,
    });
  }
  if (!session.company) {
    throw new ApiRequestError({
      kind: "conflict",
      status: 409,
      message: "Choose a company first: employments belong to one company.",
      requestId: null,
    });
  }
  return searchEmploymentsForSession(api, { environment: session.environment, company: session.company }, parsed.data.q);
});
