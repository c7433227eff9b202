import "server-only";
import { ApiRequestError } from "../../api-errors";
import { isPartnerViewList } from "../../views/href";
import { bffHandler, type OperatorSession } from "../bff";
import { deleteView, listViews, partnerViewOwnerOf, saveView, SaveViewBodySchema, type ViewOwner } from "./store";

// The saved views of the partner's lists (/partner/employments): an operator's, in the session's
// environment, with no company (the list spans the connected companies). The BFF's views route needs
// a company session (an API client); these read and write only the console's own table, so they are
// bffHandler's partner handlers (`session: "operator"`): the BFF's checks on the operator's session
// alone (operators only, anyone else: 404, as for every partner endpoint; mutations same-origin with
// the BFF header; the tab-scope guard of the partner's pages). docs/decisions/console-sort-and-saved-views.md
//
//   GET    /api/partner/views?list=/partner/employments
//   POST   /api/partner/views {list, name, search}
//   DELETE /api/partner/views/{id}

const refuse = (status: 400 | 404, message: string): never => {
  throw new ApiRequestError({ kind: status === 400 ? "bad_request" : "not_found", status, message, requestId: null });
};

/** The operator's views (an operator session always has an owner; the guard is for the type). */
const ownerOf = (session: OperatorSession): ViewOwner => partnerViewOwnerOf(session) ?? refuse(404, "Not found");

const partnerListOnly = (list: string) => {
  if (!isPartnerViewList(list)) refuse(400, `list: no partner views for ${JSON.stringify(list)}`);
};

/** GET /api/partner/views?list=…: the operator's views of a partner list. */
export const listPartnerViewsRoute = bffHandler(
  async ({ deps, session, req }) => {
    const list = req.nextUrl.searchParams.get("list") ?? "";
    partnerListOnly(list);
    return listViews(deps.db, ownerOf(session), list);
  },
  { session: "operator" },
);

/** POST /api/partner/views {list, name, search}: saves the view under its name (201; the same name replaces it). */
export const savePartnerViewRoute = bffHandler(
  async ({ deps, session, body }) => {
    partnerListOnly(body.list);
    return saveView(deps.db, ownerOf(session), body, deps.now());
  },
  { session: "operator", body: SaveViewBodySchema, status: 201 },
);

/** DELETE /api/partner/views/{id}: deletes one of the operator's views (404 for anyone else's). */
export const deletePartnerViewRoute = bffHandler(
  async ({ deps, session, params }) => {
    await deleteView(deps.db, ownerOf(session), params.id ?? "");
    return { deleted: true };
  },
  { session: "operator" },
);
