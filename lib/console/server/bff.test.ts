import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bffHandler, bffRouteInfo, bffStream, type BffRouteInfo } from "./bff";
import { COMPANY_A, COMPANY_B, CUSTOMER_TOKENS, PartnerBrowser, setupPartner, type PartnerSetup } from "@/test-support/console/partner";
import { listCountries } from "@/lib/console/server/countries/api";

// The BFF's tab-scope guard lives in bffHandler and bffStream (docs/decisions/console-bff-scope-guard.md):
// every route file under app/api/bff builds its handlers with them and none calls the guard by hand;
// every handler, called for another tab's scope (another company or environment), answers the 409
// `scope_changed` refusal before anything reaches the API, so a refused mutation writes nothing.

const DEPS_KEY = Symbol.for("roster.console.authDeps");
const BFF_DIR = path.join(process.cwd(), "app/api/bff");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Route {
  file: string;
  /** e.g. /api/bff/expenses/[id]/receipts/[receiptId] */
  pattern: string;
  source: string;
  exports: Record<string, unknown>;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

async function loadRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of routeFiles(BFF_DIR).sort()) {
    const pattern = `/${path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/")}`;
    routes.push({ file, pattern, source: readFileSync(file, "utf8"), exports: (await import(file)) as Record<string, unknown> });
  }
  return routes;
}

const handlersOf = (route: Route) =>
  METHODS.flatMap((method) => (route.exports[method] === undefined ? [] : [{ method, handler: route.exports[method] as Handler }]));

describe("BFF route files: every handler is built by bffHandler or bffStream", () => {
  let routes: Route[];
  beforeAll(async () => {
    routes = await loadRoutes();
  });

  it("finds the route files", () => {
    expect(routes.length).toBeGreaterThanOrEqual(45);
    expect(routes.flatMap(handlersOf).length).toBeGreaterThanOrEqual(59);
  });

  it("no route file calls the scope guard by hand", () => {
    expect(routes.filter((r) => /assertSameScope|bff-scope/.test(r.source)).map((r) => r.pattern)).toEqual([]);
  });

  it("every exported HTTP handler carries the wrapper's mark; downloads use bffStream", () => {
    const bare: string[] = [];
    const kinds: Record<string, BffRouteInfo["kind"]> = {};
    for (const route of routes) {
      for (const { method, handler } of handlersOf(route)) {
        const info = bffRouteInfo(handler);
        if (!info) bare.push(`${method} ${route.pattern}`);
        else kinds[`${method} ${route.pattern}`] = info.kind;
      }
      // A route module exports its handlers and nothing else a reader could mistake for one.
      const other = Object.keys(route.exports).filter((k) => !(METHODS as readonly string[]).includes(k) && k !== "default");
      expect(other, route.pattern).toEqual([]);
    }
    expect(bare).toEqual([]);
    expect(
      Object.entries(kinds)
        .filter(([, k]) => k === "stream")
        .map(([name]) => name),
    ).toEqual([
      "GET /api/bff/company-managers/export",
      "GET /api/bff/contract-amendments/export",
      "GET /api/bff/custom-fields/export",
      "GET /api/bff/employments/export",
      "GET /api/bff/expenses/[id]/receipt",
      "GET /api/bff/expenses/[id]/receipts/[receiptId]",
      "GET /api/bff/expenses/export",
      "GET /api/bff/incentives/export",
      "GET /api/bff/incentives/recurring/export",
      "GET /api/bff/offboardings/export",
      "GET /api/bff/outstanding-payments/export",
      "GET /api/bff/payslips/[id]/download",
      "GET /api/bff/payslips/export",
      "GET /api/bff/timeoff/export",
      "GET /api/bff/webhooks/deliveries/export",
    ]);
  });

  it("the guard is on for every handler (an opt-out would be listed here with its reason)", () => {
    const skipped = routes.flatMap((route) =>
      handlersOf(route).flatMap(({ method, handler }) => {
        const scope = bffRouteInfo(handler)?.scope;
        return scope && scope !== "tab" ? [`${method} ${route.pattern}: ${scope.skip}`] : [];
      }),
    );
    expect(skipped).toEqual([]);
  });

  it("an opt-out without a reason is refused when the handler is built", () => {
    expect(() => bffHandler(async () => null, { scope: { skip: " " } })).toThrow(/reason/);
    expect(() => bffStream(async () => new Response(null), { scope: { skip: "" } })).toThrow(/reason/);
    expect(bffRouteInfo(bffHandler(async () => null, { scope: { skip: "no tab scope: test" } }))).toEqual({
      kind: "json",
      scope: { skip: "no tab scope: test" },
    });
  });
});

describe("BFF handlers refuse another tab's scope before calling the API", () => {
  let s: PartnerSetup;
  let routes: Route[];
  let admin: PartnerBrowser;
  let employmentId: string;
  let previousDeps: unknown;

  beforeAll(async () => {
    s = await setupPartner();
    const g = globalThis as unknown as Record<symbol, unknown>;
    previousDeps = g[DEPS_KEY];
    g[DEPS_KEY] = Promise.resolve(s.deps);
    routes = await loadRoutes();
    admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
    const res = await s.gateways.sandbox.call("GET", "/v1/employments?page_size=1", { token: CUSTOMER_TOKENS.acme });
    employmentId = ((await res.json()) as { data: { employments: { id: string }[] } }).data.employments[0]!.id;
  }, 180_000);

  afterAll(() => {
    (globalThis as unknown as Record<symbol, unknown>)[DEPS_KEY] = previousDeps;
  });

  async function call(handler: Handler, url: string, method: Method, params: Record<string, string>, json?: unknown) {
    const base = admin.request(url, { method, json });
    const req = new NextRequest(base.url, { method, headers: base.headers, body: json === undefined ? undefined : await base.text() });
    return handler(req, { params: Promise.resolve(params) });
  }

  const otherCompany = `?scope_env=sandbox&scope_company=${COMPANY_B.id}`;
  const otherEnvironment = `?scope_env=production&scope_company=${COMPANY_A.id}`;
  const ownScope = `?scope_env=sandbox&scope_company=${COMPANY_A.id}`;
  const refusal = (message: string) => ({
    error: { kind: "conflict", status: 409, message, requestId: null, body: { code: "scope_changed" } },
  });

  it("every handler answers 409 scope_changed for another company's or environment's tab, and the API sees no request", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const params = Object.fromEntries(
        [...route.pattern.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, name === "section" ? "personal_details" : "probe"]),
      );
      const url = route.pattern.replace(/\[(\w+)\]/g, (_, name: string) => params[name]!);
      for (const { method, handler } of handlersOf(route)) {
        for (const [query, message] of [
          [
            otherCompany,
            "The console now shows Sandbox for another company (it was switched in another tab or window). Reload the page to see its data.",
          ],
          [otherEnvironment, "The console now shows Sandbox (it was switched in another tab or window). Reload the page to see its data."],
        ] as const) {
          const before = s.calls.length;
          const res = await call(handler, url + query, method, params, method === "GET" || method === "DELETE" ? undefined : {});
          const body: unknown = await res.json().catch(() => "(not JSON)");
          if (res.status !== 409 || JSON.stringify(body) !== JSON.stringify(refusal(message)) || s.calls.length !== before)
            wrong.push(`${method} ${url}${query} → ${res.status} ${JSON.stringify(body)}, ${s.calls.length - before} API calls`);
          expect(res.headers.get("cache-control")).toBe("no-store");
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(2 * 59);
  });

  it("a refused update writes nothing; the same update for the tab's own scope reaches the API", async () => {
    const route = routes.find((r) => r.pattern === "/api/bff/employments/[id]")!;
    const handler = route.exports.PATCH as Handler;
    const externalId = async () => {
      const res = await s.gateways.sandbox.call("GET", `/v1/employments/${employmentId}`, { token: CUSTOMER_TOKENS.acme });
      return ((await res.json()) as { data: { employment: { external_id: string | null } } }).data.employment.external_id;
    };
    const original = await externalId();

    let before = s.calls.length;
    const refused = await call(
      handler,
      `/api/bff/employments/${employmentId}${otherCompany}`,
      "PATCH",
      { id: employmentId },
      {
        external_id: "scope-guard-probe",
      },
    );
    expect(refused.status).toBe(409);
    expect(s.calls.slice(before)).toEqual([]);
    expect(await externalId()).toBe(original);

    before = s.calls.length;
    const done = await call(
      handler,
      `/api/bff/employments/${employmentId}${ownScope}`,
      "PATCH",
      { id: employmentId },
      {
        external_id: "scope-guard-probe",
      },
    );
    expect(done.status).toBe(200);
    expect(s.calls.slice(before).map((c) => `${c.method} ${c.url.pathname}`)).toContain(`PATCH /v2/employments/${employmentId}`);
    expect(await externalId()).toBe("scope-guard-probe");
  });

  it("a download for the tab's own scope streams through bffStream, never cached nor sniffed", async () => {
    const res = await s.gateways.sandbox.call("GET", "/v1/payslips?page_size=1", { token: CUSTOMER_TOKENS.acme });
    const payslip = ((await res.json()) as { data: { payslips: { id: string }[] } }).data.payslips[0]!.id;
    const route = routes.find((r) => r.pattern === "/api/bff/payslips/[id]/download")!;
    const before = s.calls.length;
    const download = await call(route.exports.GET as Handler, `/api/bff/payslips/${payslip}/download${ownScope}`, "GET", { id: payslip });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("application/pdf");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(s.calls.length).toBeGreaterThan(before);
  });

  it("a handler that opts out (naming why) is not refused", async () => {
    const handler = bffHandler(async ({ api }) => (await listCountries(api)).length, {
      scope: { skip: "test: countries belong to no tab" },
    });
    const res = await call(handler, `/api/bff/test${otherCompany}`, "GET", {});
    expect(res.status).toBe(200);
  });
});
