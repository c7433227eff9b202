import { bffHandler } from "@/lib/console/server/bff";
import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { companyEmploymentsFromReadModel } from "@/lib/console/server/readmodel/lists";

// GET /api/bff/readmodel/employments — a page of the signed-in company's employments from the read
// model (sort, search across pages, freshness), or `{source: "live"}` while its first sync has not
// completed. Polled by the list every few seconds; the company is the session's, never a parameter.

export const GET = bffHandler(async ({ session, req }) => {
  const deps = await getAuthDeps();
  return companyEmploymentsFromReadModel(deps.db, session, req.nextUrl.searchParams, deps.now());
});
