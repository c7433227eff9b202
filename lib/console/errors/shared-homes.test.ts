import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Issue 12 ("one error and mutation path"): an error banner, a 403 permission helper and a 422 splitter
// each live in one shared home (docs/decisions/console-error-path.md). This test scans the console's
// code (components/, app/, lib/ without the API's lib/gateway) and fails on a copy outside them.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The shared homes, where the patterns below are the implementation rather than a copy. */
export const SHARED_HOMES = [
  "components/console/error-banner.tsx",
  "lib/console/errors/present.ts",
  "lib/console/errors/operations.ts",
  "lib/console/errors/split-422.ts",
  "lib/console/errors/submit.ts",
  // The per-row outcome of a bulk action (one line per row, not a banner): the list framework's one place for it
  // (the bulk toolbar's on-demand half, loaded when a row is first selected).
  "components/console/list/bulk-actions-bar.tsx",
  // The API's error body → ApiErrorPayload (status → kind), and the x-jsf engine's own 422 mapper.
  "lib/console/api-errors.ts",
  "lib/forms/errors.ts",
];

/** What a copy looks like. Each rule names the shared piece to use instead. */
export const COPY_RULES: { what: string; use: string; pattern: RegExp }[] = [
  { what: "an error banner presenting an API error", use: "ErrorBanner", pattern: /\bpresentApiError\s*\(/ },
  { what: "an error banner component", use: "ErrorBanner", pattern: /export\s+function\s+\w*(ErrorBanner|RefusalAlert)\b/ },
  { what: "the banner's request-id line", use: "ErrorBanner", pattern: /quote it to support/ },
  { what: "a per-area 403 permission helper", use: "ErrorBanner's operation", pattern: /kind\s*===\s*"forbidden"\s*\?\s*\[/ },
  { what: "a per-area permission table", use: "lib/console/errors/operations.ts", pattern: /\b[A-Z_]+_PERMISSION(S|_HINTS)\s*[:=]/ },
  { what: "a 422 gate on field errors", use: "fieldErrorsOf / putFieldErrors", pattern: /status\s*===\s*422/ },
  { what: "a loop over field errors", use: "splitFieldErrors", pattern: /Object\.entries\(\s*[\w.?]*fieldErrors\b/ },
  { what: "a `body.` prefix strip", use: "splitFieldErrors", pattern: /replace\(\s*\/\^body\\\./ },
];

/** The copies a file's text holds, as "rule (use …)" lines. */
export function copiesIn(text: string): string[] {
  return COPY_RULES.filter((r) => r.pattern.test(text)).map((r) => `${r.what} (use ${r.use})`);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const rel = `${dir}/${entry}`;
    if (entry === "node_modules" || rel === "lib/gateway") continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(rel);
  }
  return out;
}

describe("one error and mutation path", () => {
  it("has no copy of an error banner, a permission helper or a 422 splitter outside the shared homes", () => {
    const files = ["components", "app", "lib"].flatMap(sourceFiles).filter((f) => !SHARED_HOMES.includes(f));
    expect(files.length).toBeGreaterThan(100);
    const copies = files.flatMap((f) => copiesIn(readFileSync(path.join(ROOT, f), "utf8")).map((c) => `${f}: ${c}`));
    expect(copies).toEqual([]);
  });

  it("recognises the copies it forbids (the old banners and splitters)", () => {
    const oldBanner = `export function RefusalAlert({ title, error }) {\n  const p = presentApiError(error);\n  return <Alert title={title}>{p.message}</Alert>;\n}`;
    const oldHelper = `export function payslipErrorDetails(error, operation) {\n  return error.kind === "forbidden" ? [PAYSLIP_PERMISSIONS[operation]] : undefined;\n}`;
    const oldSplit = `for (const [rawKey, messages] of Object.entries(fieldErrors ?? {})) {\n  const key = rawKey.replace(/^body\\./, "");\n}`;
    const inline = `for (const [key, messages] of Object.entries(error.status === 422 ? (error.fieldErrors ?? {}) : {})) {}`;
    expect(copiesIn(oldBanner)).toEqual([
      "an error banner presenting an API error (use ErrorBanner)",
      "an error banner component (use ErrorBanner)",
    ]);
    expect(copiesIn(oldHelper)).toEqual(["a per-area 403 permission helper (use ErrorBanner's operation)"]);
    expect(copiesIn(oldSplit)).toEqual([
      "a loop over field errors (use splitFieldErrors)",
      "a `body.` prefix strip (use splitFieldErrors)",
    ]);
    expect(copiesIn(inline)).toContain("a 422 gate on field errors (use fieldErrorsOf / putFieldErrors)");
    expect(copiesIn(`<ErrorBanner error={e} operation="payslips.read" />`)).toEqual([]);
  });

  it("keeps the shared homes where the rules say", () => {
    for (const home of SHARED_HOMES) expect(statSync(path.join(ROOT, home)).isFile(), home).toBe(true);
  });
});
