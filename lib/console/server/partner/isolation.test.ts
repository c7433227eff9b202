import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fanOutOutbox } from "@/lib/gateway/webhooks/dispatcher";
import { saveView } from "../views/store";
import { partnerGrants, readmodelEmployments, readmodelPendingItems, readmodelSyncState } from "../db/schema";
import { createRequestBudget } from "../readmodel/budget";
import {
  getReadModelFreshness,
  iterateReadModelEmployments,
  listReadModelEmployments,
  listReadModelPendingItems,
  type ReadModelScope,
} from "../readmodel/query";
import { createSyncClientFactory } from "../readmodel/sync-client";
import { syncCompany } from "../readmodel/sync";
import { handleConnectCallback, handleConnectStart, consentLinkPath } from "../partner/connect";
import { handleCreateConsentLink, handleSwitchCompany } from "../partner/routes";
import {
  COMPANY_A,
  COMPANY_B,
  consentThroughLink,
  CUSTOMER_TOKENS,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";

// Tenant isolation of the console, for two companies A and B connected by one partner and a company
// admin of each: every BFF handler (found on disk, so a new one is covered the day it lands), called
// with the other company's objects, refuses and serves nothing of it, and changes nothing of it; the
// handlers do serve each actor's own objects (so the refusals are not vacuous); react-query keys carry
// the company and the environment. The read model (both companies synced into it) serves each scope
// only its own company's rows, and no handler called with the other company's objects changes that
// company's rows there (write-through). Plus the token refresh under load: 50 concurrent requests for a
// company whose access token expired make exactly one refresh and no error.

const DEPS_KEY = Symbol.for("roster.console.authDeps");
const BFF_DIR = path.join(process.cwd(), "app/api/bff");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Route {
  file: string;
  /** e.g. /api/bff/expenses/[id]/receipts/[receiptId] */
  pattern: string;
  params: string[];
  handlers: Partial<Record<(typeof METHODS)[number], Handler>>;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** The objects of one company that BFF routes take in their paths, read with its owner's token. */
interface CompanyObjects {
  id: string;
  name: string;
  employment: string;
  user: string;
  amendment: string;
  customField: string;
  expense: string;
  receipt: string;
  incentive: string;
  recurring: string;
  offboarding: string;
  payslip: string;
  timeoff: string;
  callback: string;
  event: string;
  /** A saved view of the company's admin (console database). */
  view: string;
  /** Text that only this company's data holds: names and emails of its people, its object ids. */
  markers: string[];
}

describe("tenant isolation of the console (two companies, one partner, their admins)", () => {
  let s: PartnerSetup;
  const routes: Route[] = [];
  const objects = {} as Record<"A" | "B", CompanyObjects>;
  const actors = {} as Record<"adminA" | "adminB" | "operatorA" | "operatorB", PartnerBrowser>;
  let previousDeps: unknown;

  async function apiGet<T>(token: string, p: string): Promise<T> {
    const res = await s.gateways.sandbox.call("GET", p, { token });
    // The provider declares 201 for some reads (GET /v1/expenses, /v1/incentives/recurring).
    expect([200, 201], `GET ${p}`).toContain(res.status);
    return ((await res.json()) as { data: T }).data;
  }

  async function collect(key: "A" | "B", company: typeof COMPANY_A | typeof COMPANY_B, token: string): Promise<CompanyObjects> {
    const employments = (
      await apiGet<{ employments: { id: string; full_name: string; personal_email: string; type: string; employment_model: string }[] }>(
        token,
        "/v1/employments?page_size=100",
      )
    ).employments;
    const first = <T>(list: T[], what: string): T => {
      expect(list.length, `company ${key} has ${what}`).toBeGreaterThan(0);
      return list[0]!;
    };
    const expenses = (await apiGet<{ expenses: { id: string }[] }>(token, "/v1/expenses?page_size=100")).expenses;
    const expense = await apiGet<{ expense: { id: string; receipts?: { id: string }[] } }>(
      token,
      `/v1/expenses/${first(expenses, "expenses").id}`,
    );
    const employment = first(
      employments.filter((e) => e.type === "employee" && e.employment_model === "eor"),
      "EOR employees",
    );
    // A webhook callback and an event of the company's own.
    const created = await s.gateways.sandbox.call("POST", "/v1/webhook-callbacks", {
      token,
      body: { url: `http://127.0.0.1:9/isolation-${key}`, subscribe_to_all_events: true },
    });
    expect(created.status).toBe(200);
    const callback = ((await created.json()) as { data: { webhook_callback: { id: string } } }).data.webhook_callback.id;
    const trigger = await s.gateways.sandbox.call("POST", "/v1/sandbox/webhook-callbacks/trigger", {
      token,
      body: { employment_id: employment.id, event_type: "employment.details.updated" },
    });
    expect(trigger.status).toBeLessThan(300);
    // The outbox row becomes a delivery of each subscribed callback (what the dispatcher does first).
    await fanOutOutbox(s.gateways.sandbox.deps.db, new Date(), 1000);
    const events = (await apiGet<{ webhook_events: { id: string }[] }>(token, `/v1/webhook-events?company_id=${company.id}`))
      .webhook_events;
    const managers = (
      await apiGet<{ company_managers: { user_id: string; user_name: string; user_email: string }[] }>(
        token,
        "/v1/company-managers?page_size=100",
      )
    ).company_managers;
    const ids = {
      amendment: first(
        (await apiGet<{ contract_amendments: { id: string }[] }>(token, "/v1/contract-amendments")).contract_amendments,
        "amendments",
      ).id,
      customField: first((await apiGet<{ custom_fields: { id: string }[] }>(token, "/v1/custom-fields")).custom_fields, "custom fields").id,
      incentive: first((await apiGet<{ incentives: { id: string }[] }>(token, "/v1/incentives")).incentives, "incentives").id,
      recurring: first(
        (await apiGet<{ recurring_incentives: { id: string }[] }>(token, "/v1/incentives/recurring")).recurring_incentives,
        "recurring incentives",
      ).id,
      offboarding: first((await apiGet<{ offboardings: { id: string }[] }>(token, "/v1/offboardings")).offboardings, "offboardings").id,
      payslip: first((await apiGet<{ payslips: { id: string }[] }>(token, "/v1/payslips")).payslips, "payslips").id,
      timeoff: first((await apiGet<{ timeoffs: { id: string }[] }>(token, "/v1/timeoff")).timeoffs, "time off").id,
    };
    // A saved view of one of the company's users: nobody of the other company may delete it.
    const view = (
      await saveView(
        s.db,
        { owner: `user:${first(managers, "company managers").user_id}`, environment: "sandbox", companyId: company.id },
        { list: "/expenses", name: `Views of ${company.name}`, search: "?status=pending" },
      )
    ).view.id;
    return {
      id: company.id,
      name: company.name,
      employment: employment.id,
      user: first(managers, "company managers").user_id,
      expense: expense.expense.id,
      receipt: first(expense.expense.receipts ?? [], "receipts").id,
      callback,
      event: first(events, "webhook events").id,
      view,
      ...ids,
      markers: [
        company.id,
        company.name,
        ...employments.flatMap((e) => [e.id, e.full_name, e.personal_email]),
        ...managers.flatMap((m) => [m.user_email]),
        ...Object.values(ids),
        expense.expense.id,
        callback,
        view,
      ],
    };
  }

  /** The value a route's path parameter takes for a company's objects. */
  function paramValue(route: Route, name: string, o: CompanyObjects): string {
    const before = route.pattern.slice(0, route.pattern.indexOf(`[${name}]`));
    if (name === "employmentId") return o.employment;
    if (name === "userId") return o.user;
    if (name === "receiptId") return o.receipt;
    if (name === "section") return "personal_details";
    if (name === "code") return "PRT";
    if (name === "form") return "address_details";
    const area = before.replace(/^\/api\/bff\//, "").replace(/\/$/, "");
    const byArea: Record<string, string> = {
      employments: o.employment,
      "contract-amendments": o.amendment,
      "custom-fields": o.customField,
      expenses: o.expense,
      incentives: o.incentive,
      "incentives/recurring": o.recurring,
      offboardings: o.offboarding,
      payslips: o.payslip,
      timeoff: o.timeoff,
      "webhooks/callbacks": o.callback,
      "webhooks/events": o.event,
      views: o.view,
    };
    const value = byArea[area];
    if (!value) throw new Error(`No object for [${name}] of ${route.pattern}: add it to paramValue`);
    return value;
  }

  /** A body naming the company's objects wherever a handler may look for them. */
  const bodyFor = (o: CompanyObjects) => ({
    employment_id: o.employment,
    employment_ids: [o.employment],
    ids: [o.event],
    event_type: "employment.details.updated",
    status: "approved",
    value: 1,
    name: "Isolation probe",
    department_id: null,
    external_id: "isolation",
  });

  async function call(
    actor: PartnerBrowser,
    route: Route,
    method: (typeof METHODS)[number],
    o: CompanyObjects,
    query = "",
  ): Promise<{ status: number; text: string; url: string }> {
    const params = Object.fromEntries(route.params.map((p) => [p, paramValue(route, p, o)]));
    const url = route.pattern.replace(/\[(\w+)\]/g, (_, p: string) => encodeURIComponent(params[p]!)) + query;
    const base = actor.request(url, { method, json: method === "GET" || method === "DELETE" ? undefined : bodyFor(o) });
    const req = new NextRequest(base.url, {
      method,
      headers: base.headers,
      body: method === "GET" || method === "DELETE" ? undefined : await base.text(),
    });
    const res = await route.handlers[method]!(req, { params: Promise.resolve(params) });
    return { status: res.status, text: await res.text(), url };
  }

  /** Everything company B holds, as its owner reads it (to prove nothing of it changed). */
  async function snapshot(token: string, company: CompanyObjects): Promise<string> {
    const paths = [
      "/v1/employments?page_size=100",
      `/v1/employments/${company.employment}`,
      "/v1/expenses?page_size=100",
      "/v1/incentives?page_size=100",
      "/v1/incentives/recurring?page_size=100",
      "/v1/offboardings?page_size=100",
      "/v1/timeoff?page_size=100",
      "/v1/contract-amendments?page_size=100",
      "/v1/custom-fields?page_size=100",
      `/v1/custom-fields/${company.customField}/values/${company.employment}`,
      "/v1/company-managers?page_size=100",
      "/v1/payslips?page_size=100",
      `/v1/companies/${company.id}/webhook-callbacks`,
    ];
    const out: string[] = [];
    for (const p of paths) out.push(`${p} ${JSON.stringify(await apiGet<unknown>(token, p))}`);
    return out.join("\n");
  }

  beforeAll(async () => {
    s = await setupPartner();
    const g = globalThis as unknown as Record<symbol, unknown>;
    previousDeps = g[DEPS_KEY];
    g[DEPS_KEY] = Promise.resolve(s.deps);

    for (const file of routeFiles(BFF_DIR).sort()) {
      const pattern = `/${path
        .relative(process.cwd(), path.dirname(file))
        .split(path.sep)
        .join("/")
        .replace(/^app\//, "")}`;
      const mod = (await import(file)) as Record<string, unknown>;
      const handlers = Object.fromEntries(METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Handler]));
      routes.push({ file, pattern, params: [...pattern.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!), handlers });
    }

    // The operator connects A and B; each admin signs in with a Customer API token.
    const operator = new PartnerBrowser(s);
    expect((await operator.signInOperator()).error).toBeNull();
    for (const company of [COMPANY_A, COMPANY_B]) {
      const res = await handleCreateConsentLink(s.deps, operator.request("/api/partner/consent-links", { method: "POST" }));
      const { url } = ((await res.json()) as { data: { url: string } }).data;
      const done = await consentThroughLink(
        s,
        operator,
        url,
        { email: company.owner },
        {
          start: (r) => handleConnectStart(s.deps, r),
          callback: (r) => handleConnectCallback(s.deps, r),
        },
      );
      expect(done.headers.get("location")).toBe(`${consentLinkPath(new URL(url).pathname.split("/").pop()!)}?result=connected`);
    }
    const operatorB = new PartnerBrowser(s);
    expect((await operatorB.signInOperator()).error).toBeNull();
    for (const [browser, company] of [
      [operator, COMPANY_A],
      [operatorB, COMPANY_B],
    ] as const) {
      const res = await handleSwitchCompany(
        s.deps,
        browser.request("/api/session/company", { method: "POST", json: { companyId: company.id } }),
      );
      expect(res.status).toBe(200);
    }
    const adminA = new PartnerBrowser(s);
    expect((await adminA.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
    const adminB = new PartnerBrowser(s);
    expect((await adminB.signInWithToken(CUSTOMER_TOKENS.globex)).error).toBeNull();
    Object.assign(actors, { adminA, adminB, operatorA: operator, operatorB });

    objects.A = await collect("A", COMPANY_A, CUSTOMER_TOKENS.acme);
    objects.B = await collect("B", COMPANY_B, CUSTOMER_TOKENS.globex);

    // Both companies in the read model (what its jobs do), read with the partner's grants.
    const syncDeps = {
      db: s.db,
      clientFor: createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db) }),
      intervalMs: 15 * 60_000,
    };
    for (const company of [COMPANY_A, COMPANY_B]) {
      const outcome = await syncCompany(syncDeps, { environment: "sandbox", company: { id: company.id, name: company.name } });
      expect(outcome.kind).toBe("synced");
    }
  }, 180_000);

  /** A company's rows in the read model, exactly (any write to them changes this). */
  async function readModelSnapshot(companyId: string): Promise<string> {
    const rows = await Promise.all([
      s.db
        .select()
        .from(readmodelEmployments)
        .where(eq(readmodelEmployments.companyId, companyId))
        .orderBy(readmodelEmployments.employmentId),
      s.db.select().from(readmodelPendingItems).where(eq(readmodelPendingItems.companyId, companyId)).orderBy(readmodelPendingItems.itemId),
      s.db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, companyId)),
    ]);
    return JSON.stringify(rows);
  }

  afterAll(() => {
    (globalThis as unknown as Record<symbol, unknown>)[DEPS_KEY] = previousDeps;
  });

  it("finds every BFF handler", () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.some((r) => r.pattern === "/api/bff/employments/[id]" && r.handlers.GET && r.handlers.PATCH)).toBe(true);
  });

  const cases = [
    { actor: "adminA", own: "A", other: "B", otherToken: CUSTOMER_TOKENS.globex },
    { actor: "operatorA", own: "A", other: "B", otherToken: CUSTOMER_TOKENS.globex },
    { actor: "adminB", own: "B", other: "A", otherToken: CUSTOMER_TOKENS.acme },
    { actor: "operatorB", own: "B", other: "A", otherToken: CUSTOMER_TOKENS.acme },
  ] as const;

  for (const c of cases) {
    it(`${c.actor}: every handler refuses ${c.other}'s objects, serves nothing of ${c.other} and changes nothing of it`, async () => {
      const other = objects[c.other];
      const before = await snapshot(c.otherToken, other);
      const readModelBefore = await readModelSnapshot(other.id);
      const leaks: string[] = [];
      const served: string[] = [];
      let checked = 0;
      for (const route of routes) {
        if (route.pattern.startsWith("/api/bff/countries")) continue; // countries and forms belong to no company
        for (const method of METHODS) {
          if (!route.handlers[method]) continue;
          const res = await call(actors[c.actor], route, method, other);
          checked++;
          const sent = new Set(
            Object.values(bodyFor(other))
              .flat()
              .map(String)
              .concat(route.params.map((p) => paramValue(route, p, other))),
          );
          const leaked = other.markers.filter((m) => !sent.has(m) && res.text.includes(m));
          if (leaked.length > 0) leaks.push(`${method} ${res.url} → ${res.status}: ${leaked.slice(0, 3).join(", ")}`);
          // A path naming the other company's object is never answered with success.
          if (route.params.some((p) => p !== "section") && res.status < 300) served.push(`${method} ${res.url} → ${res.status}`);
        }
      }
      expect(checked).toBeGreaterThanOrEqual(55);
      expect(leaks).toEqual([]);
      expect(served).toEqual([]);
      expect(await snapshot(c.otherToken, other)).toBe(before);
      expect(await readModelSnapshot(other.id), `${c.other}'s rows in the read model`).toBe(readModelBefore);
    });
  }

  it("the read model never serves one company's rows to another (lists, search, export, pending items, freshness)", async () => {
    for (const [own, other] of [
      ["A", "B"],
      ["B", "A"],
    ] as const) {
      const scope: ReadModelScope = { kind: "company", environment: "sandbox", companyId: objects[own].id };
      const page = await listReadModelEmployments(s.db, scope, { page: 1, page_size: 500 });
      expect(page.employments.length, `${own} has rows (the check is not vacuous)`).toBeGreaterThan(0);
      const served = JSON.stringify(page);
      expect(objects[other].markers.filter((m) => served.includes(m))).toEqual([]);
      expect(page.employments.every((e) => e.company.id === objects[own].id)).toBe(true);
      // A search for the other company's people, in this company's scope, finds nothing of them.
      const otherName = (await listReadModelEmployments(s.db, { ...scope, companyId: objects[other].id }, { page: 1, page_size: 1 }))
        .employments[0]!.full_name;
      const searched = await listReadModelEmployments(s.db, scope, { page: 1, page_size: 500, search: otherName });
      expect(searched.employments.filter((e) => e.company.id !== objects[own].id)).toEqual([]);
      const exported: string[] = [];
      for await (const batch of iterateReadModelEmployments(s.db, scope, {})) exported.push(...batch.map((e) => e.company.id));
      expect(new Set(exported)).toEqual(new Set([objects[own].id]));
      for (const kind of ["time_off", "expense"] as const)
        expect((await listReadModelPendingItems(s.db, scope, kind)).every((i) => i.companyId === objects[own].id)).toBe(true);
      expect((await getReadModelFreshness(s.db, scope)).map((f) => f.companyId)).toEqual([objects[own].id]);
      // The partner's scope narrowed to one company is that company only.
      const narrowed = await listReadModelEmployments(
        s.db,
        { kind: "partner", environment: "sandbox", companyIds: [objects[own].id] },
        { page: 1, page_size: 500 },
      );
      expect(new Set(narrowed.employments.map((e) => e.company.id))).toEqual(new Set([objects[own].id]));
    }
  });

  it("the same handlers serve each actor's own objects (the refusals above are not vacuous)", async () => {
    const own: [keyof typeof actors, CompanyObjects][] = [
      ["adminA", objects.A],
      ["operatorA", objects.A],
      ["adminB", objects.B],
      ["operatorB", objects.B],
    ];
    for (const [actor, o] of own) {
      const served: string[] = [];
      for (const route of routes) {
        if (!route.handlers.GET || route.params.length === 0) continue;
        const res = await call(actors[actor], route, "GET", o);
        if (res.status === 200) served.push(route.pattern);
        if (res.status === 200)
          expect(res.text.includes(objects[o === objects.A ? "B" : "A"].name), `${actor} ${route.pattern}`).toBe(false);
      }
      // (The event belongs to a callback the company registered itself: a partner's grant does not see it.)
      const events = actor.startsWith("admin") ? ["/api/bff/webhooks/events/[id]"] : [];
      expect(served, actor).toEqual(
        expect.arrayContaining([
          ...events,
          "/api/bff/employments/[id]",
          "/api/bff/employments/[id]/timeline",
          "/api/bff/expenses/[id]",
          "/api/bff/incentives/[id]",
          "/api/bff/offboardings/[id]",
          "/api/bff/contract-amendments/[id]",
          "/api/bff/expenses/[id]/receipts/[receiptId]",
          "/api/bff/timeoff/balances/[employmentId]",
          "/api/bff/custom-fields/employments/[employmentId]",
          "/api/bff/payslips/[id]/download",
        ]),
      );
      // A list handler answers with the actor's own company only.
      const list = routes.find((r) => r.pattern === "/api/bff/employments")!;
      const res = await call(actors[actor], list, "GET", o, "?page_size=100");
      expect(res.status).toBe(200);
      expect(res.text).toContain(o.employment);
      expect(res.text).not.toContain(objects[o === objects.A ? "B" : "A"].employment);
    }
  });

  it("a call made for the other company's cache scope is refused (409 scope_changed), for admins and operators", async () => {
    const list = routes.find((r) => r.pattern === "/api/bff/employments")!;
    for (const [actor, other] of [
      ["adminA", objects.B],
      ["operatorA", objects.B],
      ["adminB", objects.A],
      ["operatorB", objects.A],
    ] as const) {
      const res = await call(actors[actor], list, "GET", other, `?scope_env=sandbox&scope_company=${other.id}`);
      expect(res.status, actor).toBe(409);
      expect(res.text).toContain("scope_changed");
      expect(other.markers.filter((m) => m !== other.id && res.text.includes(m))).toEqual([]);
      const prod = await call(
        actors[actor],
        list,
        "GET",
        other,
        `?scope_env=production&scope_company=${actor.endsWith("A") ? objects.A.id : objects.B.id}`,
      );
      expect(prod.status, `${actor} production scope`).toBe(409);
    }
  });

  it("BFF mutations need the console's header and its own origin (a cross-site form cannot call them)", async () => {
    const route = routes.find((r) => r.pattern === "/api/bff/employments/[id]")!;
    for (const headers of [{ "x-roster-bff": "0" }, { origin: "http://evil.example" }] as Record<string, string>[]) {
      const base = actors.adminA.request(`/api/bff/employments/${objects.A.employment}`, {
        method: "PATCH",
        json: { external_id: "csrf" },
        headers,
      });
      const res = await route.handlers.PATCH!(
        new NextRequest(base.url, { method: "PATCH", headers: base.headers, body: await base.text() }),
        {
          params: Promise.resolve({ id: objects.A.employment }),
        },
      );
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("Cross-site request refused");
    }
    const stored = await apiGet<{ employment: { external_id: string | null } }>(
      CUSTOMER_TOKENS.acme,
      `/v1/employments/${objects.A.employment}`,
    );
    expect(stored.employment.external_id).not.toBe("csrf");
  });

  it("react-query keys carry the environment and the company: A's and B's never collide", async () => {
    const dir = path.join(process.cwd(), "lib/queries");
    const queries: Record<string, unknown> = {};
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")))
      Object.assign(queries, await import(path.join(dir, file)));
    const scopeA = { environment: "sandbox" as const, companyId: objects.A.id };
    const scopeB = { environment: "sandbox" as const, companyId: objects.B.id };
    const scopeProd = { environment: "production" as const, companyId: objects.A.id };
    let checked = 0;
    for (const [name, value] of Object.entries(queries)) {
      if (!name.endsWith("Keys") || typeof value !== "object" || value === null) continue;
      for (const [keyName, fn] of Object.entries(value as Record<string, unknown>)) {
        if (typeof fn !== "function") continue;
        const args = Array.from({ length: Math.max(0, fn.length - 1) }, () => "x");
        const a = (fn as (...x: unknown[]) => unknown[])(scopeA, ...args);
        const b = (fn as (...x: unknown[]) => unknown[])(scopeB, ...args);
        const p = (fn as (...x: unknown[]) => unknown[])(scopeProd, ...args);
        expect(a.slice(1, 3), `${name}.${keyName}`).toEqual(["sandbox", objects.A.id]);
        expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
        expect(JSON.stringify(a)).not.toBe(JSON.stringify(p));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it("50 simultaneous requests for a company whose access token expired: exactly 1 token refresh, 0 errors (also across two console instances)", async () => {
    const list = routes.find((r) => r.pattern === "/api/bff/employments")!;
    const expire = () =>
      s.db
        .update(partnerGrants)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(partnerGrants.companyId, COMPANY_A.id));

    await expire();
    const before = s.tokenCalls("refresh_token");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(actors.operatorA, list, "GET", objects.A, `?page_size=5&scope_env=sandbox&scope_company=${objects.A.id}`),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(s.tokenCalls("refresh_token") - before).toBe(1);

    // Two console instances (their own single-flight maps) over one console database: still one refresh.
    await expire();
    const other = s.makeDeps();
    const grant = (await s.deps.grants.getGrant("sandbox", COMPANY_A.id))!;
    const before2 = s.tokenCalls("refresh_token");
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? other : s.deps).grants.getAccessToken(grant.id)));
    expect(new Set(tokens).size).toBe(1);
    expect(s.tokenCalls("refresh_token") - before2).toBe(1);
    const identity = await s.gateways.sandbox.call("GET", "/v1/identity/current", { token: tokens[0] });
    expect(identity.status).toBe(201);
  });
});
