import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUTHORIZATION_CODE_SCOPES } from "@/lib/contract";
import { allRoutes } from "@/lib/gateway/routes";
import type { AnyRoute } from "@/lib/gateway/route";
import { CONSOLE_OPERATION_SCOPES, consoleScopes } from "./console-scopes";
import { employmentApiProvider } from "./employment-api-provider";

// The console asks consent for the scopes of the operations it calls (docs/decisions/console-consent-scopes.md).
// The hand-written table of ./console-scopes.ts is compared here with the calls the api.ts modules make
// and with the scopes the gateway's routes accept, so neither side can drift.

const ROOT = process.cwd();
const AREA_DIR = "lib/console/server";
const key = (method: string, p: string) => `${method} ${p.replace(/^\//, "").replace(/\{[^}]+\}/g, "{}")}`;

/** The "METHOD path" of every API call of lib/console/server/<area>/api.ts (the scan of lib/console/api-style.test.ts). */
function consoleCalls(): Set<string> {
  const calls = new Set<string>();
  for (const area of readdirSync(path.join(ROOT, AREA_DIR), { withFileTypes: true }).filter((e) => e.isDirectory())) {
    let source: string;
    try {
      source = readFileSync(path.join(ROOT, AREA_DIR, area.name, "api.ts"), "utf8");
    } catch {
      continue;
    }
    for (const m of source.matchAll(/\.(?:json|raw)\(\s*(?:[\w.]+,\s*)?"(GET|POST|PUT|PATCH|DELETE)",\s*(["`])([^"`]+)\2/g)) {
      calls.add(key(m[1]!, m[3]!.replace(/\$\{[^}]+\}/g, "{}")));
    }
  }
  // Sign-in reads the identity outside the api.ts modules (token-endpoint.ts / the next-auth provider).
  calls.add("GET v1/identity/current");
  return calls;
}

const routeByKey = new Map<string, AnyRoute>();
for (const route of allRoutes) for (const method of [route.method].flat()) routeByKey.set(key(method.toUpperCase(), route.path), route);

describe("the console requests the scopes of the operations it calls", () => {
  it("the table names exactly the operations the console's api.ts modules call", () => {
    const calls = consoleCalls();
    expect(calls.size).toBeGreaterThan(50);
    expect([...calls].filter((c) => !(c in CONSOLE_OPERATION_SCOPES))).toEqual([]);
    expect(Object.keys(CONSOLE_OPERATION_SCOPES).filter((k) => !calls.has(k))).toEqual([]);
  });

  it("each operation's scope is one the gateway's route accepts (null only where no consent scope applies)", () => {
    const wrong: string[] = [];
    for (const [op, { scope, sandboxOnly }] of Object.entries(CONSOLE_OPERATION_SCOPES)) {
      const route = routeByKey.get(op);
      if (!route) {
        wrong.push(`${op}: no such route`);
        continue;
      }
      const auth = route.auth;
      const needsConsent = auth.kind === "scoped" && !auth.clientOnly;
      if (!needsConsent && scope !== null) wrong.push(`${op}: the route needs no consented scope, the table asks for ${scope}`);
      if (needsConsent && (scope === null || !auth.scopes.includes(scope)))
        wrong.push(`${op}: ${scope} is not among ${auth.scopes.join(", ")}`);
      if (Boolean(route.sandboxOnly) !== Boolean(sandboxOnly)) wrong.push(`${op}: sandboxOnly differs from the route`);
      if (scope && !(AUTHORIZATION_CODE_SCOPES as readonly string[]).includes(scope))
        wrong.push(`${op}: ${scope} is not an authorization-code scope`);
    }
    expect(wrong).toEqual([]);
  });

  it("no unused scope is requested and every used operation's scope is", () => {
    const calls = consoleCalls();
    for (const environment of ["sandbox", "production"] as const) {
      const used = new Set(
        [...calls]
          .map((c) => CONSOLE_OPERATION_SCOPES[c]!)
          .filter((op) => op.scope && (!op.sandboxOnly || environment === "sandbox"))
          .map((op) => op.scope!),
      );
      expect(consoleScopes(environment)).toEqual([...used].sort());
    }
  });

  it("sso_configuration:write, risk_reserve:write and invoices:write are not requested, nor is the whole list", () => {
    for (const environment of ["sandbox", "production"] as const) {
      const requested = consoleScopes(environment);
      for (const s of ["sso_configuration:write", "risk_reserve:write", "invoices:write"]) expect(requested).not.toContain(s);
      expect(requested.length).toBeLessThan(AUTHORIZATION_CODE_SCOPES.length / 2);
    }
    expect(consoleScopes("production")).not.toContain("payroll");
    expect(consoleScopes("sandbox")).toContain("payroll");
  });

  it("the sign-in's authorize request carries that set", () => {
    const provider = employmentApiProvider({
      environment: "production",
      baseUrl: "http://127.0.0.1:9",
      client: { clientId: "c", clientSecret: "s" },
    });
    const params = (provider.authorization as { params: { scope: string } }).params;
    expect(params.scope.split(" ")).toEqual(consoleScopes("production"));
  });
});
