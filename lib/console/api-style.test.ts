import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApiClient } from "./server/api-client";

// One API-client style in the console (docs/decisions/console-api-client-style.md): the client of
// lib/console/server/api-client.ts is transport only; every operation is a free function of
// lib/console/server/<area>/api.ts taking it (`listEmployments(api, q)`), and each API operation has one.

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const isAreaApiModule = (file: string) => /^lib\/console\/server\/[a-z-]+\/api\.ts$/.test(file);

/** The "METHOD path" of every API call a module makes through `.json(` or `.raw(`. */
function apiCallsOf(source: string): string[] {
  const calls = source.matchAll(/\.(?:json|raw)\(\s*(?:[\w.]+,\s*)?"(GET|POST|PUT|PATCH|DELETE)",\s*(["`])([^"`]+)\2/g);
  return [...calls].map((m) => `${m[1]} ${m[3]!.replace(/\$\{[^}]+\}/g, "{}")}`);
}

describe("the console's API client style", () => {
  it("the client is transport only: environment, company, raw and json", () => {
    const api = createApiClient({ baseUrl: "http://127.0.0.1:9", environment: "sandbox", getToken: async () => "x" });
    expect(Object.keys(api).sort()).toEqual(["companyId", "environment", "json", "raw"]);
  });

  it("the scan reads a call's method and path, over several lines too", () => {
    expect(apiCallsOf('api.json(read.x, "GET", "v1/things", { query })')).toEqual(["GET v1/things"]);
    expect(apiCallsOf('api\n  .json(Schema, "PATCH", `v1/things/${enc(id)}`, { body })')).toEqual(["PATCH v1/things/{}"]);
    expect(apiCallsOf('api.raw("GET", `v1/payslips/${enc(id)}/pdf`, { signal })')).toEqual(["GET v1/payslips/{}/pdf"]);
  });

  it("only the area modules (lib/console/server/<area>/api.ts) call the API through the client", () => {
    const callers = ["app", "components", "lib"]
      .flatMap(sourceFiles)
      .filter((f) => !isAreaApiModule(f) && !f.startsWith("lib/gateway/"))
      .filter((f) => apiCallsOf(readFileSync(path.join(ROOT, f), "utf8")).length > 0);
    expect(callers).toEqual([]);
  });

  it("each API operation has one function (no second way to list company managers)", () => {
    const owners = new Map<string, string[]>();
    const modules = sourceFiles("lib/console").filter(isAreaApiModule);
    expect(modules.length).toBeGreaterThanOrEqual(10);
    for (const file of modules) {
      for (const call of apiCallsOf(readFileSync(path.join(ROOT, file), "utf8"))) owners.set(call, [...(owners.get(call) ?? []), file]);
    }
    expect(owners.get("GET v1/company-managers")).toEqual(["lib/console/server/company-managers/api.ts"]);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
