import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_TOKENS, PartnerBrowser, setupPartner, type PartnerSetup } from "@/test-support/console/partner";
import type { SavedView } from "@/lib/console/views/lists";
import * as viewsRoute from "@/app/api/partner/views/route";
import * as viewRoute from "@/app/api/partner/views/[id]/route";
import { bffRouteInfo } from "../bff";
import { listViews } from "./store";

// The saved views of the partner's employments list (app/api/partner/views): an operator's, with no
// company, through the partner's own routes (the BFF's views route needs a company session). Only an
// operator may use them (anyone else: 404), mutations need the BFF header and the same origin, a tab
// showing another environment is refused, only the partner's lists are accepted. The route files'
// handlers are bffHandler's partner handlers (`session: "operator"`), called as Next calls them.

const DEPS_KEY = Symbol.for("roster.console.authDeps");
let previousDeps: unknown;

const LIST = "/partner/employments";
let s: PartnerSetup;
let operator: PartnerBrowser;

beforeAll(async () => {
  s = await setupPartner();
  // The handlers take the process's dependencies (getAuthDeps), as in Next.
  const g = globalThis as unknown as Record<symbol, unknown>;
  previousDeps = g[DEPS_KEY];
  g[DEPS_KEY] = Promise.resolve(s.deps);
  operator = new PartnerBrowser(s);
  await operator.signInOperator();
}, 120_000);

afterAll(() => {
  (globalThis as unknown as Record<symbol, unknown>)[DEPS_KEY] = previousDeps;
});

const next = (req: Request) => new NextRequest(req.url, { method: req.method, headers: req.headers, body: req.body, duplex: "half" });
const json = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const list = (browser: PartnerBrowser, query = `list=${encodeURIComponent(LIST)}`) =>
  viewsRoute.GET(next(browser.request(`/api/partner/views?${query}`)), { params: Promise.resolve({}) });
const save = (
  browser: PartnerBrowser,
  body: unknown,
  query = "scope_env=sandbox&scope_company=partner",
  headers?: Record<string, string>,
) =>
  viewsRoute.POST(next(browser.request(`/api/partner/views?${query}`, { method: "POST", json: body, headers })), {
    params: Promise.resolve({}),
  });
const remove = (browser: PartnerBrowser, id: string) =>
  viewRoute.DELETE(next(browser.request(`/api/partner/views/${id}`, { method: "DELETE" })), { params: Promise.resolve({ id }) });

describe("partner saved views", () => {
  it("the route files' handlers are bffHandler's, for an operator with no company, with the tab-scope guard on", () => {
    for (const handler of [viewsRoute.GET, viewsRoute.POST, viewRoute.DELETE])
      expect(bffRouteInfo(handler)).toEqual({ kind: "json", scope: "tab", session: "operator" });
  });

  it("saves the list's canonical view for the operator (no company), lists it, replaces it by name, deletes it", async () => {
    const created = await save(operator, {
      list: LIST,
      name: "Active in Portugal",
      search: "?page=4&status=active&country=PRT&sort=status&order=desc&q=ana&hide=onboarding,bogus,name",
    });
    expect(created.status).toBe(201);
    const { view, replaced } = await json<{ view: SavedView; replaced: boolean }>(created);
    expect(replaced).toBe(false);
    // Every filter, the search, the sort and the hidden columns the list accepts; never the page, an unknown or the link column.
    expect(view.href).toBe("/partner/employments?sort=status&order=desc&status=active&country=PRT&q=ana&hide=onboarding");

    // Kept under the operator with no company (whichever company the console has open later).
    expect(
      (await listViews(s.db, { owner: `operator:${s.operator.id}`, environment: "sandbox", companyId: "" }, LIST)).map((v) => v.id),
    ).toEqual([view.id]);
    const listed = await list(operator);
    expect(listed.status).toBe(200);
    expect((await json<SavedView[]>(listed)).map((v) => [v.name, v.href])).toEqual([["Active in Portugal", view.href]]);

    const again = await json<{ view: SavedView; replaced: boolean }>(
      await save(operator, { list: LIST, name: "active IN portugal", search: "hide=company" }),
    );
    expect(again).toMatchObject({ replaced: true, view: { id: view.id, href: "/partner/employments?hide=company" } });

    const del = (id: string) => remove(operator, id);
    expect((await del(view.id)).status).toBe(200);
    expect(await json<SavedView[]>(await list(operator))).toEqual([]);
    expect((await del(view.id)).status).toBe(404);
  });

  it("refuses other lists, an empty name, a cross-site post and a tab showing another environment", async () => {
    expect((await save(operator, { list: "/expenses", name: "x", search: "" })).status).toBe(400);
    expect((await list(operator, "list=%2Fexpenses")).status).toBe(400);
    const empty = await save(operator, { list: LIST, name: "   ", search: "" });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ error: { fieldErrors: { name: ["Enter a name for the view."] } } });
    expect((await save(operator, { list: LIST, name: "x", search: "" }, undefined, { "x-roster-bff": "0" })).status).toBe(403);
    expect((await save(operator, { list: LIST, name: "x", search: "" }, undefined, { origin: "https://evil.example" })).status).toBe(403);
    const other = await save(operator, { list: LIST, name: "x", search: "" }, "scope_env=production&scope_company=partner");
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: { kind: "conflict", body: { code: "scope_changed" } } });
    // The partner's pages have the tab scope "partner", whichever company the operator last opened.
    expect((await save(operator, { list: LIST, name: "x", search: "" }, "scope_env=sandbox&scope_company=c_other")).status).toBe(409);
    expect(await json<SavedView[]>(await list(operator))).toEqual([]);
  });

  it("is for operators only: a company user or an anonymous browser gets 404, and cannot delete the operator's view", async () => {
    const { view } = await json<{ view: SavedView }>(await save(operator, { list: LIST, name: "Mine", search: "" }));
    const admin = new PartnerBrowser(s);
    await admin.signInWithToken(CUSTOMER_TOKENS.acme);
    for (const browser of [admin, new PartnerBrowser(s)]) {
      expect((await list(browser)).status).toBe(404);
      expect((await save(browser, { list: LIST, name: "Theirs", search: "" })).status).toBe(404);
      const res = await remove(browser, view.id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { kind: "not_found", status: 404, message: "Not found", requestId: null } });
    }
    expect((await json<SavedView[]>(await list(operator))).map((v) => v.name)).toEqual(["Mine"]);
  });
});
