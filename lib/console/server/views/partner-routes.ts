import "server-only";
import { z } from "zod";
import { ApiRequestError } from "../../api-errors";
import { isPartnerViewList } from "../../views/href";
import type { AuthDeps } from "../auth/deps";
import { errorResponse, refuseCrossSite } from "../auth/session-routes";
import { operatorSessionOf } from "../partner/routes";
import { deleteView, listViews, partnerViewOwnerOf, saveView } from "./store";

// The saved views of the partner's lists (/partner/employments): an operator's, in the session's
// environment, with no company (the list spans the connected companies). The BFF's views route needs
// a company session (an API client); these read and write only the console's own table, so they run
// on the operator's session alone, with the BFF's checks: operators only (anyone else: 404, as for
// every partner endpoint), mutations same-origin with the BFF header, the tab-scope guard.
// docs/decisions/console-sort-and-saved-views.md
//
//   GET    /api/partner/views?list=/partner/employments
//   POST   /api/partner/views {list, name, search}
//   DELETE /api/partner/views/{id}

const NO_STORE = { "cache-control": "no-store" };
const notFound = () => errorResponse({ kind: "not_found", status: 404, message: "Not found", requestId: null });

const SaveViewSchema = z.object({ list: z.string().max(200), name: z.string().max(400), search: z.string().max(4000) });

/** The tab-scope guard of the partner's pages (`scope_env`, `scope_company=partner`), as for the partner's export. */
function scopeChanged(req: Request, environment: string): Response | null {
  const params = new URL(req.url).searchParams;
  const env = params.get("scope_env");
  const company = params.get("scope_company");
  if ((env === null || env === environment) && (company === null || company === "partner")) return null;
  return errorResponse({
    kind: "conflict",
    status: 409,
    message: "The console now shows another environment (it was switched in another tab or window). Reload the page to see its views.",
    requestId: null,
    body: { code: "scope_changed" },
  });
}

async function run(deps: AuthDeps, req: Request, fn: (owner: NonNullable<ReturnType<typeof partnerViewOwnerOf>>) => Promise<Response>) {
  if (req.method !== "GET") {
    const refused = refuseCrossSite(req);
    if (refused) return refused;
  }
  const session = await operatorSessionOf(deps, req);
  const owner = session ? partnerViewOwnerOf(session) : null;
  if (!session || !owner) return notFound();
  const changed = scopeChanged(req, session.environment);
  if (changed) return changed;
  try {
    return await fn(owner);
  } catch (error) {
    if (error instanceof ApiRequestError) return errorResponse(error.payload);
    throw error;
  }
}

const partnerListOnly = (list: string) => {
  if (!isPartnerViewList(list))
    throw new ApiRequestError({
      kind: "bad_request",
      status: 400,
      message: `list: no partner views for ${JSON.stringify(list)}`,
      requestId: null,
    });
};

export function handleListPartnerViews(deps: AuthDeps, req: Request): Promise<Response> {
  return run(deps, req, async (owner) => {
    const list = new URL(req.url).searchParams.get("list") ?? "";
    partnerListOnly(list);
    return Response.json({ data: await listViews(deps.db, owner, list) }, { headers: NO_STORE });
  });
}

export function handleSavePartnerView(deps: AuthDeps, req: Request): Promise<Response> {
  return run(deps, req, async (owner) => {
    const parsed = SaveViewSchema.safeParse(await req.json().catch(() => undefined));
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const i of parsed.error.issues) (fieldErrors[i.path.join(".") || "body"] ??= []).push(i.message);
      return errorResponse({ kind: "validation", status: 422, message: "Invalid input", requestId: null, fieldErrors });
    }
    partnerListOnly(parsed.data.list);
    return Response.json({ data: await saveView(deps.db, owner, parsed.data, deps.now()) }, { status: 201, headers: NO_STORE });
  });
}

export function handleDeletePartnerView(deps: AuthDeps, req: Request, id: string): Promise<Response> {
  return run(deps, req, async (owner) => {
    await deleteView(deps.db, owner, id);
    return Response.json({ data: { deleted: true } }, { headers: NO_STORE });
  });
}
