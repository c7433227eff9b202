import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Test helpers live in test-support/, never beside production code (issue 12, "Server and browser
// code apart"; docs/decisions/runtime-test-support.md). A file of app/, components/ or lib/ that is
// not a test neither imports a test runner or test-support/ nor is named like a test helper.

const ROOT = path.resolve(import.meta.dirname, "..");
const PRODUCTION_FOLDERS = ["app", "components", "lib"];
const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** Names of test helpers: a `testing` folder or module, test fixtures, utils or helpers. */
const HELPER_NAME =
  /(^|\/)(testing|test-support|__tests__|__mocks__)(\/|\.tsx?$)|(^|\/|-)testing\.tsx?$|(^|\/)test-(fixtures|utils|helpers)[^/]*$|\.test-helpers\.tsx?$/;

/** Import specifiers of a source that reach a test runner or the test-support tree. */
function testImportsOf(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport|\bimport\s*\(|\brequire\()\s*["']([^"'\n]+)["']/g)].map((m) => m[1]!);
  return specifiers.filter(
    (s) => s === "vitest" || s.startsWith("vitest/") || s.startsWith("@playwright/test") || /(^@\/|\/|^)test-support(\/|$)/.test(s),
  );
}

function productionFiles(): string[] {
  return PRODUCTION_FOLDERS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs)$/.test(e.name))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name))),
  );
}

describe("no production folder holds test helpers", () => {
  it("the checks recognise a helper by its imports and by its name", () => {
    expect(testImportsOf('import { expect } from "vitest";\nimport { x } from "@/lib/contract";')).toEqual(["vitest"]);
    expect(testImportsOf('import { createTestGateway } from "@/test-support/gateway/harness";')).toHaveLength(1);
    expect(testImportsOf('import { makeTenant } from "../../../test-support/gateway/factories";')).toHaveLength(1);
    expect(testImportsOf('import { test } from "@playwright/test";')).toHaveLength(1);
    expect(testImportsOf('import { paginate } from "../pagination";')).toEqual([]);
    for (const helper of [
      "lib/gateway/testing/harness.ts",
      "lib/gateway/oauth/testing.ts",
      "lib/gateway/routes/payroll-testing.ts",
      "lib/console/employments/test-fixtures.ts",
      "lib/x/test-utils.ts",
      "lib/x/form.test-helpers.ts",
    ])
      expect(helper).toMatch(HELPER_NAME);
    for (const production of ["lib/gateway/pagination.ts", "lib/console/testimonials.ts", "lib/gateway/services/outbox.ts"])
      expect(production).not.toMatch(HELPER_NAME);
  });

  const files = productionFiles();

  it("the scan sees the production tree", () => {
    expect(files).toContain("lib/gateway/pagination.ts");
    expect(files.length).toBeGreaterThan(300);
  });

  it("no file of app/, components/ or lib/ but a test imports vitest, Playwright or test-support/", () => {
    const offenders = files
      .filter((f) => !TEST_FILE.test(f))
      .flatMap((f) => testImportsOf(readFileSync(path.join(ROOT, f), "utf8")).map((s) => `${f} imports ${s}`));
    expect(offenders).toEqual([]);
  });

  it("no file of app/, components/ or lib/ is named like a test helper", () => {
    expect(files.filter((f) => !TEST_FILE.test(f) && HELPER_NAME.test(f))).toEqual([]);
  });
});
