import { describe, expect, it } from "vitest";
import { methodsOf } from "../route";
import { allRoutes } from ".";

// Route order: a literal path segment (`/schema`, `/types`, `/recurring`, `/automatable`) is never
// taken for an id. The router tries routes in registration order, so for two routes of one method
// whose paths differ only where one has a literal and the other a `{param}`, the literal comes first.

const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith("{");

/** Whether every request `literal` matches, `param` matches too (so registration order decides). */
function shadowedBy(literal: string, param: string): boolean {
  const a = segments(literal);
  const b = segments(param);
  if (a.length !== b.length) return false;
  let differs = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!isParam(a[i]!) && isParam(b[i]!)) differs = true;
    else return false;
  }
  return differs;
}

describe("route order", () => {
  it("every literal path is registered before a parameter route that would match it", () => {
    const misplaced: string[] = [];
    allRoutes.forEach((literal, i) => {
      allRoutes.forEach((param, j) => {
        const shared = methodsOf(literal).filter((m) => methodsOf(param).includes(m));
        if (!shared.length || !shadowedBy(literal.path, param.path)) return;
        if (j < i) misplaced.push(`${shared.join("|").toUpperCase()} ${literal.path} is registered after ${param.path}`);
      });
    });
    expect(misplaced).toEqual([]);
  });

  it("the check sees the known literals (GET /v1/contract-amendments/schema before /{contract_amendment_id})", () => {
    const schema = allRoutes.findIndex((r) => r.path === "/v1/contract-amendments/schema");
    const show = allRoutes.findIndex((r) => r.path === "/v1/contract-amendments/{contract_amendment_id}");
    expect(schema).toBeGreaterThanOrEqual(0);
    expect(shadowedBy("/v1/contract-amendments/schema", "/v1/contract-amendments/{contract_amendment_id}")).toBe(true);
    expect(schema).toBeLessThan(show);
  });
});
