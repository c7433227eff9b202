import "server-only";
import { ApiRequestError } from "../../api-errors";
import type { AuthDeps } from "../auth/deps";
import { errorResponse } from "../auth/session-routes";
import { operatorSessionOf } from "../partner/routes";
import { exportResponse } from "./handler";
import { partnerEmploymentsExport } from "./lists/employments";

// GET /api/partner/employments/export: the partner's employments across companies, from the read
// model, as CSV. Operators only (anyone else: 404, as for every partner endpoint); the tab-scope check
// of the BFF (`scope_env`, `scope_company=partner`): a tab showing another environment is refused.

export async function handlePartnerEmploymentsExport(deps: AuthDeps, req: Request): Promise<Response> {
  const session = await operatorSessionOf(deps, req);
  if (!session) return errorResponse({ kind: "not_found", status: 404, message: "Not found", requestId: null });
  const params = new URL(req.url).searchParams;
  const env = params.get("scope_env");
  if ((env !== null && env !== session.environment) || (params.get("scope_company") ?? "partner") !== (session.company?.id ?? "partner"))
    return errorResponse({
      kind: "conflict",
      status: 409,
      message:
        "The console now shows another environment or company (it was switched in another tab or window). Reload the page to export.",
      requestId: null,
      body: { code: "scope_changed" },
    });
  try {
    return await exportResponse(partnerEmploymentsExport, { session, api: null, deps, params, signal: req.signal });
  } catch (error) {
    if (error instanceof ApiRequestError) return errorResponse(error.payload);
    throw error;
  }
}
