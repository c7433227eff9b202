import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What each console route makes the browser download is decided by the imports of its client
// components ("use client" modules and everything they import). Two rules of the JS budgets
// (docs/decisions/console-bundle-budgets.md), checked on the source so that a stray import fails here,
// not only in the bench:
// - the console's shell (app/(console)/layout.tsx: header, switchers, menus, providers), shipped with
//   every page, imports neither zod nor the contract's schemas, and loads Radix's popover on demand;
// - the form stack (RJSF, ajv, JSON Logic and the x-jsf engine's rendering and validation modules)
//   reaches only the routes that render a country form.
// The walk follows static imports and re-exports (not `import type`, not dynamic import()).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CONSOLE = path.join(ROOT, "app", "(console)");

/** The routes that render a country form (RJSF): the only pages allowed the form stack. */
const FORM_ROUTES = ["employments/[id]/forms/[form]", "employments/new", "contract-amendments/new"];

const FORM_STACK: RegExp[] = [/^@rjsf\//, /^ajv(-formats)?$/, /^json-logic-js$/, /^markdown-to-jsx$/, /^lib\/forms\/(?!money\.ts$)/];

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|mjs|js)$/.test(candidate)) return candidate;
  }
  return null;
}

/** A project file for a local specifier, or the package name for a bare one; null for CSS and the like. */
function resolve(specifier: string, from: string): { file: string } | { pkg: string } | null {
  if (specifier.startsWith("@/")) {
    const file = resolveFile(path.join(ROOT, specifier.slice(2)));
    return file ? { file } : null;
  }
  if (specifier.startsWith(".")) {
    const file = resolveFile(path.resolve(path.dirname(from), specifier));
    return file ? { file } : null;
  }
  if (specifier.startsWith("node:") || specifier.endsWith(".css")) return null;
  const parts = specifier.split("/");
  return { pkg: specifier.startsWith("@") ? parts.slice(0, 2).join("/") : specifier };
}

/** Static value imports and re-exports of a module (type-only ones left out). */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/\b(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*["']([^"']+)["']/g)) {
    if (m[2]) continue;
    const clause = m[3]!.trim();
    const braces = /^\{([\s\S]*)\}$/.exec(clause);
    // `import { type A, type B } from` brings in nothing at run time.
    if (braces && braces[1]!.split(",").every((s) => s.trim() === "" || /^type\s/.test(s.trim()))) continue;
    found.push(m[4]!);
  }
  for (const m of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(m[1]!);
  return found;
}

const isClientModule = (source: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(source);

interface Graph {
  /** Project files (relative to the root) that ship to the browser. */
  files: Set<string>;
  packages: Set<string>;
  /** Who imports what first, to explain a failure. */
  via: Map<string, string>;
}

/** The browser's part of a server entry: every "use client" module it reaches, and their imports. */
export function clientGraph(entry: string): Graph {
  const graph: Graph = { files: new Set(), packages: new Set(), via: new Map() };
  const seenServer = new Set<string>();
  const clientRoots: string[] = [];
  const walkServer = (file: string) => {
    if (seenServer.has(file)) return;
    seenServer.add(file);
    const source = readFileSync(file, "utf8");
    if (file !== entry && isClientModule(source)) {
      clientRoots.push(file);
      return;
    }
    for (const spec of valueImports(source)) {
      const target = resolve(spec, file);
      if (target && "file" in target) walkServer(target.file);
    }
  };
  walkServer(entry);
  const walkClient = (file: string, from: string) => {
    const rel = path.relative(ROOT, file);
    if (graph.files.has(rel)) return;
    graph.files.add(rel);
    graph.via.set(rel, from);
    for (const spec of valueImports(readFileSync(file, "utf8"))) {
      const target = resolve(spec, file);
      if (!target) continue;
      if ("pkg" in target) {
        if (!graph.packages.has(target.pkg)) graph.via.set(target.pkg, rel);
        graph.packages.add(target.pkg);
      } else walkClient(target.file, rel);
    }
  };
  for (const root of clientRoots) walkClient(root, "(client boundary)");
  return graph;
}

/** "zod ← lib/console/x.ts ← components/y.tsx ← (client boundary)". */
function chain(graph: Graph, start: string): string {
  const steps = [start];
  let at = graph.via.get(start);
  while (at && steps.length < 12) {
    steps.push(at);
    at = graph.via.get(at);
  }
  return steps.join(" ← ");
}

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pages(path.join(dir, d.name)) : d.name === "page.tsx" ? [path.join(dir, d.name)] : [],
  );
}

/** `app/(console)/employments/[id]/forms/[form]/page.tsx` → `employments/[id]/forms/[form]` (route groups dropped). */
const routeOf = (page: string) =>
  path
    .relative(CONSOLE, path.dirname(page))
    .split(path.sep)
    .filter((s) => !/^\(.*\)$/.test(s))
    .join("/");

describe("console route bundles", () => {
  it("the walk sees through the client boundary (a form route does reach RJSF and zod)", () => {
    const graph = clientGraph(path.join(CONSOLE, "employments", "[id]", "forms", "[form]", "page.tsx"));
    expect(graph.packages).toContain("@rjsf/core");
    expect([...graph.files].some((f) => f.startsWith("lib/forms/"))).toBe(true);
  });

  it("the console shell (layout, header, switchers, menus, providers) ships neither zod, the contract's schemas nor Radix's popover up front", () => {
    const graph = clientGraph(path.join(CONSOLE, "layout.tsx"));
    expect(graph.files.size).toBeGreaterThan(3);
    const offenders = [
      // The header's menus load Radix on first use (components/ui/deferred-popover.tsx).
      // The command palette (cmdk) is imported on the first Ctrl/⌘+K (components/console/command/command-launcher.tsx).
      ...[...graph.packages].filter((p) => p === "zod" || p === "radix-ui" || p === "cmdk"),
      ...[...graph.files].filter((f) => f.startsWith("lib/contract/") && f !== "lib/contract/environments.ts"),
    ];
    expect(offenders.map((o) => chain(graph, o))).toEqual([]);
  });

  it("the command palette's module is the one that imports cmdk (so the shell rule above can catch a static import of it)", () => {
    const source = readFileSync(path.join(ROOT, "components", "console", "command", "command-palette.tsx"), "utf8");
    expect(valueImports(source)).toContain("cmdk");
    const launcher = readFileSync(path.join(ROOT, "components", "console", "command", "command-launcher.tsx"), "utf8");
    expect(valueImports(launcher)).not.toContain("./command-palette");
  });

  it("RJSF, ajv, JSON Logic and the form engine reach only the routes that render a country form", () => {
    const offenders: string[] = [];
    for (const page of pages(CONSOLE)) {
      const route = routeOf(page);
      if (FORM_ROUTES.includes(route)) continue;
      const graph = clientGraph(page);
      for (const item of [...graph.packages, ...graph.files]) {
        if (FORM_STACK.some((re) => re.test(item))) offenders.push(`/${route}: ${chain(graph, item)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
