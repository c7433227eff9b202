import "server-only";
import { partnerEmploymentsList } from "../../partner/list";
import type { AuthDeps } from "../auth/deps";
import { errorResponse } from "../auth/session-routes";
import { getPartnerListFacets, listPartnerEmployments } from "../readmodel/lists";
import { liveGrants } from "./aggregate";
import { operatorSessionOf } from "./routes";

// The partner's employments across companies, from the read model (docs/decisions/console-readmodel-lists.md):
// the list page polls these every few seconds, so a change at the API shows without a reload. Only
// operators may call them (anyone else gets 404, as for every partner endpoint); the scope is the
// session's environment and the partner's live grants in it, never a parameter.

const NO_STORE = { "cache-control": "no-store" };
const notFound = () => errorResponse({ kind: "not_found", status: 404, message: "Not found", requestId: null });

/** GET /api/partner/employments?status=…&type=…&country=…&company=…&q=…&sort=…&order=…&page=…&page_size=… */
export async function handlePartnerEmployments(deps: AuthDeps, req: Request): Promise<Response> {
  const session = await operatorSessionOf(deps, req);
  if (!session) return notFound();
  const state = partnerEmploymentsList.parse(new URL(req.url).searchParams);
  const companies = liveGrants(await deps.grants.listGrants(session.environment)).map((g) => g.company);
  const page = await listPartnerEmployments(deps.db, { environment: session.environment, companies, state, now: deps.now() });
  return Response.json({ data: page }, { headers: NO_STORE });
}

/** GET /api/partner/employments/facets: employments per company and status, and the countries to filter by. */
export async function handlePartnerEmploymentFacets(deps: AuthDeps, req: Request): Promise<Response> {
  const session = await operatorSessionOf(deps, req);
  if (!session) return notFound();
  return Response.json({ data: await getPartnerListFacets(deps.db, session.environment) }, { headers: NO_STORE });
}
