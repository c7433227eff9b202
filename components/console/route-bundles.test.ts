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
// - the list pages (and the other pages below that draw no zod form) import neither zod nor the
//   contract's schemas: browser code takes enumerations and constants from lib/contract/enums.ts and
//   functions from lib/contract/helpers.ts, both without zod;
// - no page reaches Radix's popover up front (it loads on first use: components/ui/deferred-popover.tsx);
// - the form routes do not bundle RJSF's ajv8 validator (a second ajv: components/forms/rjsf-validator.ts
//   validates with the engine's) nor markdown-to-jsx (next.config.ts aliases RJSF's import of it);
// - nor ajv up front: the form judges conditions with lib/forms/condition.ts and loads ajv (the
//   schema half of its error messages) with import() once it is up (components/forms/country-form.tsx);
// - no page ships @tanstack/react-table or nuqs (the list framework draws its tables and keeps its URL
//   state itself), and the virtualiser and the saved views panel load on demand;
// - a loading.tsx ships no client code (its skeleton is plain markup).
// The walk follows static imports and re-exports (not `import type`, not dynamic import()).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CONSOLE = path.join(ROOT, "app", "(console)");

/** The routes that render a country form (RJSF): the only pages allowed the form stack. */
const FORM_ROUTES = ["employments/[id]/forms/[form]", "employments/new", "contract-amendments/new"];

const FORM_STACK: RegExp[] = [
  /^@rjsf\//,
  /^ajv(-formats)?$/,
  /^@cfworker\/json-schema$/,
  /^json-logic-js$/,
  /^markdown-to-jsx$/,
  /^lib\/forms\/(?!money\.ts$)/,
];

/** Pages that ship no zod: every list and detail page without a zod-validated form. */
const ZOD_FREE_ROUTES = [
  "employments",
  "employments/new",
  "employments/[id]/forms/[form]",
  "contract-amendments/new",
  "company-managers",
  "contract-amendments",
  "contract-amendments/[id]",
  "custom-fields",
  "expenses",
  "expenses/[id]",
  "incentives",
  "incentives/recurring",
  "offboardings",
  "offboardings/[id]",
  "outstanding-payments",
  "partner",
  "partner/audit",
  "partner/connect",
  "partner/employments",
  "payslips",
  "timeoff",
  "timeoff/balances",
  "timeoff/types",
  "webhooks",
  "webhooks/deliveries",
];

/** What browser code may take from lib/contract: the zod-free modules. */
const ZOD_FREE_CONTRACT = [
  "lib/contract/enums.ts",
  "lib/contract/employment-enums.ts",
  "lib/contract/page-sizes.ts",
  "lib/contract/environments.ts",
  "lib/contract/helpers.ts",
];

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

/** Modules loaded on demand: `import("…")` with a literal specifier (next/dynamic's included). */
export function dynamicImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
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
export function clientGraph(entry: string, { onDemand = false }: { onDemand?: boolean } = {}): Graph {
  const graph: Graph = { files: new Set(), packages: new Set(), via: new Map() };
  const seenServer = new Set<string>();
  const clientRoots: string[] = [];
  const walkServer = (file: string) => {
    if (seenServer.has(file)) return;
    seenServer.add(file);
    const source = readFileSync(file, "utf8");
    // A "use client" entry (error.tsx) is a client root itself.
    if (isClientModule(source)) {
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
    const source = readFileSync(file, "utf8");
    for (const spec of onDemand ? [...valueImports(source), ...dynamicImports(source)] : valueImports(source)) {
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

/** The files of the segments above a page that wrap it too (their client modules ship with it). */
const SEGMENT_FILES = ["layout.tsx", "template.tsx", "loading.tsx", "error.tsx", "not-found.tsx"];

/**
 * What the browser loads for a page: its own client graph and that of every layout, template,
 * loading, error and not-found file of its folder and the folders above it, up to app/(console)
 * (a parent's loading.tsx is the Suspense fallback of every route below it, so a skeleton imported
 * from a client module ships that module to all of them).
 */
export function routeGraph(page: string, options: { onDemand?: boolean } = {}): Graph {
  const graph = clientGraph(page, options);
  for (let dir = path.dirname(page); dir.startsWith(CONSOLE); dir = path.dirname(dir)) {
    for (const name of SEGMENT_FILES) {
      const file = path.join(dir, name);
      if (!existsSync(file)) continue;
      const part = clientGraph(file, options);
      const take = (set: Set<string>, items: Iterable<string>) => {
        for (const item of items) {
          if (set.has(item)) continue;
          set.add(item);
          graph.via.set(item, part.via.get(item) ?? path.relative(ROOT, file));
        }
      };
      take(graph.files, part.files);
      take(graph.packages, part.packages);
    }
    if (dir === CONSOLE) break;
  }
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

  it("a page's graph takes in the segments above it (webhooks/loading.tsx wraps /webhooks/deliveries)", () => {
    const deliveries = routeGraph(path.join(CONSOLE, "webhooks", "deliveries", "page.tsx"));
    expect(deliveries.files).toContain("app/(console)/webhooks/error.tsx");
    expect(clientGraph(path.join(CONSOLE, "webhooks", "deliveries", "page.tsx")).files).not.toContain("app/(console)/webhooks/error.tsx");
  });

  it("a loading.tsx with routes below it ships no list table, zod or react-hook-form (it is every such route's fallback)", () => {
    const offenders: string[] = [];
    const loadings = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? loadings(path.join(dir, d.name)) : d.name === "loading.tsx" ? [path.join(dir, d.name)] : [],
      );
    for (const file of loadings(CONSOLE)) {
      // Routes below it (a route group beside the loading file is its own route, not one below).
      const below = pages(path.dirname(file)).filter((p) => routeOf(p) !== routeOf(file));
      if (below.length === 0) continue;
      const graph = clientGraph(file);
      for (const pkg of graph.packages)
        if (pkg === "zod" || pkg === "react-hook-form" || pkg === "@tanstack/react-table")
          offenders.push(`${path.relative(ROOT, file)}: ${chain(graph, pkg)}`);
    }
    expect(offenders).toEqual([]);
  });

  it("a loading.tsx ships no client code (its skeleton is plain markup: a client import would put that module's graph on the route)", () => {
    const offenders: string[] = [];
    const loadings = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? loadings(path.join(dir, d.name)) : d.name === "loading.tsx" ? [path.join(dir, d.name)] : [],
      );
    // Loading files that still take their skeleton from the list's client module (each ships a second
    // copy of its list's code): to be made plain, then removed from here (the test fails for a clean one).
    const NOT_YET_PLAIN: string[] = [];
    const files = loadings(CONSOLE);
    expect(files.length).toBeGreaterThan(5);
    const stale: string[] = [];
    for (const file of files) {
      const graph = clientGraph(file);
      const items = [...graph.files, ...graph.packages];
      if (NOT_YET_PLAIN.includes(path.relative(CONSOLE, file).split(path.sep).join("/"))) {
        if (items.length === 0) stale.push(path.relative(ROOT, file));
        continue;
      }
      for (const item of items) offenders.push(`${path.relative(ROOT, file)}: ${chain(graph, item)}`);
    }
    expect(files.map((f) => path.relative(CONSOLE, f).split(path.sep).join("/"))).toContain("employments/(list)/loading.tsx");
    expect(offenders).toEqual([]);
    expect(stale, "plain now: remove from NOT_YET_PLAIN").toEqual([]);
  });

  it('a loading.tsx drawing the plain skeletons takes no constant from a "use client" module (on the server that is a client reference, not the array)', () => {
    const offenders: string[] = [];
    const loadings = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? loadings(path.join(dir, d.name)) : d.name === "loading.tsx" ? [path.join(dir, d.name)] : [],
      );
    let plain = 0;
    for (const file of loadings(CONSOLE)) {
      const source = readFileSync(file, "utf8");
      if (!/components\/(console\/page-skeletons|ui\/table-skeleton)"/.test(source)) continue;
      plain++;
      for (const m of source.matchAll(/\bimport\s+\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
        const target = resolve(m[2]!, file);
        if (!target || !("file" in target) || !isClientModule(readFileSync(target.file, "utf8"))) continue;
        for (const name of m[1]!.split(",").map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)[0]!
            .trim(),
        ))
          if (/^[A-Z][A-Z0-9_]+$/.test(name))
            offenders.push(`${path.relative(ROOT, file)}: ${name} from ${path.relative(ROOT, target.file)}`);
      }
    }
    expect(plain).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it("a list page's loading.tsx is plain markup: one ListPageSkeleton, no client module at all", () => {
    const loadings = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? loadings(path.join(dir, d.name)) : d.name === "loading.tsx" ? [path.join(dir, d.name)] : [],
      );
    const lists = loadings(CONSOLE).filter((file) => /\bListPageSkeleton\b/.test(readFileSync(file, "utf8")));
    expect(lists.map((f) => path.relative(CONSOLE, f))).toEqual(
      expect.arrayContaining(["contract-amendments/(list)/loading.tsx", "payslips/loading.tsx", "outstanding-payments/loading.tsx"]),
    );
    const offenders = lists.flatMap((file) => {
      const graph = clientGraph(file);
      const source = readFileSync(file, "utf8");
      return [
        ...[...graph.files].map((f) => `${path.relative(ROOT, file)}: ${chain(graph, f)}`),
        ...(/from "@\/components\/console\/page-skeletons"/.test(source)
          ? []
          : [`${path.relative(ROOT, file)}: not the one ListPageSkeleton`]),
      ];
    });
    expect(offenders).toEqual([]);
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

  it("the shell and /employments load their rarely used parts on first use (menus' content, shortcut list, environment switch, error texts)", () => {
    // docs/decisions/console-bundle-budgets.md (Follow-up: the shell's menus and the error texts on demand).
    const ON_FIRST_USE = [
      // The account menu's content and the theme choice: with its popover.
      "components/console/user-menu-panel.tsx",
      "components/ui/theme-choice.tsx",
      // The `?` dialog and the shortcuts it lists.
      "components/console/command/keyboard-help.tsx",
      "lib/console/keyboard/shortcut-list.ts",
      // The environment switch's BFF call and landing rules: on the press.
      "components/console/environment-switching.ts",
      // The error banner and every operation's permission and conflict texts: with the first error.
      "components/console/error-banner.tsx",
      "lib/console/errors/present.ts",
      "lib/console/errors/operations.ts",
      // The employment links (form sections of the onboarding tasks): the shell takes only the sign-in link.
      "lib/console/employments/links.ts",
    ];
    const shell = clientGraph(path.join(CONSOLE, "layout.tsx"));
    for (const file of [
      "components/console/user-menu.tsx",
      "components/console/command/command-launcher.tsx",
      "components/console/environment-switch.tsx",
    ])
      expect(shell.files).toContain(file);
    expect(ON_FIRST_USE.filter((f) => shell.files.has(f)).map((f) => chain(shell, f))).toEqual([]);

    const list = routeGraph(path.join(CONSOLE, "employments", "(list)", "page.tsx"));
    expect(list.files).toContain("components/console/list/list-shell.tsx");
    const offList = [
      "components/console/error-banner.tsx",
      "lib/console/errors/present.ts",
      "lib/console/errors/operations.ts",
      // The barrel is not tree-shaken: it would bring useServerList and useList (the live list's, on demand).
      "components/console/list/index.ts",
      "components/console/list/use-server-list.ts",
      "components/console/list/use-list.ts",
    ];
    expect(offList.filter((f) => list.files.has(f)).map((f) => chain(list, f))).toEqual([]);

    // The halves exist and are what their modules import on demand (a static import would fail above).
    const read = (f: string) => readFileSync(path.join(ROOT, f), "utf8");
    expect(read("components/console/user-menu.tsx")).toContain('import("./user-menu-panel")');
    expect(read("components/console/command/command-launcher.tsx")).toContain('import("./keyboard-help")');
    expect(read("components/console/environment-switch.tsx")).toContain('import("./environment-switching")');
    expect(read("components/console/list/list-shell.tsx")).toContain('import("@/components/console/error-banner")');
    expect(valueImports(read("components/console/error-banner.tsx"))).toContain("@/lib/console/errors/operations");
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
      const graph = routeGraph(page);
      for (const item of [...graph.packages, ...graph.files]) {
        if (FORM_STACK.some((re) => re.test(item))) offenders.push(`/${route}: ${chain(graph, item)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the list pages (and every page without a zod form) ship neither zod nor the contract's schemas", () => {
    const offenders: string[] = [];
    const seen: string[] = [];
    for (const page of pages(CONSOLE)) {
      const route = routeOf(page);
      if (!ZOD_FREE_ROUTES.includes(route)) continue;
      seen.push(route);
      const graph = routeGraph(page);
      for (const item of [...graph.packages, ...graph.files]) {
        if (item === "zod" || (item.startsWith("lib/contract/") && !ZOD_FREE_CONTRACT.includes(item)))
          offenders.push(`/${route}: ${chain(graph, item)}`);
      }
    }
    expect(seen.sort()).toEqual([...ZOD_FREE_ROUTES].sort());
    expect(offenders).toEqual([]);
  });

  it("no page ships a table or URL-state library; the list tables load the virtualiser and the saved views panel on demand", () => {
    // DataTable draws its column definitions itself and the list's URL state is the framework's own
    // (lib/console/list, components/console/list/use-list-url-state.ts): docs/decisions/console-bundle-budgets.md.
    const offenders: string[] = [];
    const lists: string[] = [];
    const ON_DEMAND = ["components/console/list/virtual-rows.tsx", "components/console/list/saved-views-panel.tsx"];
    for (const page of pages(CONSOLE)) {
      const graph = routeGraph(page);
      for (const pkg of graph.packages)
        if (pkg === "@tanstack/react-table" || pkg === "nuqs" || pkg === "@tanstack/react-virtual")
          offenders.push(`/${routeOf(page)}: ${chain(graph, pkg)}`);
      for (const file of ON_DEMAND) if (graph.files.has(file)) offenders.push(`/${routeOf(page)}: ${chain(graph, file)}`);
      if (graph.files.has("components/console/list/data-table.tsx")) lists.push(routeOf(page));
    }
    expect(lists).toContain("employments");
    expect(lists.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
    // The on-demand halves exist and are what their modules import (a static import would fail above).
    expect(valueImports(readFileSync(path.join(ROOT, ON_DEMAND[0]!), "utf8"))).toContain("@tanstack/react-virtual");
    expect(readFileSync(path.join(ROOT, "components/console/list/data-table.tsx"), "utf8")).toContain('import("./virtual-rows")');
    expect(readFileSync(path.join(ROOT, "components/console/list/list-toolbar.tsx"), "utf8")).toContain('import("./saved-views-panel")');
  });

  it("/employments ships neither the employment filter of the other lists, the people-ops eligibility rules nor every enumeration; the live list on demand", () => {
    const graph = routeGraph(path.join(CONSOLE, "employments", "(list)", "page.tsx"));
    expect(graph.files).toContain("components/console/employments/employments-readmodel-list.tsx");
    expect(graph.files).toContain("components/console/employments/employments-live-list.tsx");
    const offenders = [
      // Shown only until the company's first sync: loaded by employments-live-list.tsx when rendered.
      "components/console/employments/employments-list.tsx",
      "components/console/list/select-filters.tsx",
      "components/console/list/list-view.tsx",
      "lib/console/people-ops/eligibility.ts",
      "lib/console/employments/availability.ts",
      // Every other enumeration (time off, expenses, webhooks…): the list takes lib/contract/employment-enums.ts.
      "lib/contract/enums.ts",
    ].filter((f) => graph.files.has(f));
    expect(offenders.map((o) => chain(graph, o))).toEqual([]);
  });

  it("lib/contract/enums.ts and helpers.ts import no zod and no schema module", () => {
    for (const file of ZOD_FREE_CONTRACT) {
      const imports = valueImports(readFileSync(path.join(ROOT, file), "utf8"));
      expect(
        imports.filter((i) => !ZOD_FREE_CONTRACT.includes(`lib/contract/${i.replace(/^\.\//, "")}.ts`)),
        file,
      ).toEqual([]);
    }
  });

  it("no page loads Radix's popover up front (the employments status filter included)", () => {
    const offenders: string[] = [];
    for (const page of pages(CONSOLE)) {
      const graph = routeGraph(page);
      if (graph.packages.has("radix-ui")) offenders.push(`/${routeOf(page)}: ${chain(graph, "radix-ui")}`);
    }
    expect(offenders).toEqual([]);
    // The filter's panel is the lazily loaded half.
    expect(readFileSync(path.join(ROOT, "components/console/employments/status-filter.tsx"), "utf8")).toContain(
      'import("./status-filter-panel")',
    );
  });

  it("the form routes bundle neither RJSF's ajv8 validator nor markdown-to-jsx (up front or on demand)", () => {
    const offenders: string[] = [];
    for (const route of FORM_ROUTES) {
      const graph = clientGraph(path.join(CONSOLE, ...route.split("/"), "page.tsx"), { onDemand: true });
      expect(graph.packages, route).toContain("@rjsf/core");
      for (const pkg of graph.packages)
        if (pkg === "@rjsf/validator-ajv8" || pkg === "markdown-to-jsx") offenders.push(`/${route}: ${chain(graph, pkg)}`);
    }
    expect(offenders).toEqual([]);
    // RJSF's own imports of markdown-to-jsx are all `markdown-to-jsx/react`, which next.config.ts aliases.
    const rjsfLib = path.join(ROOT, "node_modules", "@rjsf", "core", "lib");
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, d.name);
        if (d.isDirectory()) walk(file);
        else if (file.endsWith(".js")) {
          const specs = [...readFileSync(file, "utf8").matchAll(/from\s*["'](markdown-to-jsx[^"']*)["']/g)].map((m) => m[1]!);
          if (specs.length) importers.push(...specs);
        }
      }
    };
    walk(rjsfLib);
    expect(importers.length).toBeGreaterThan(0);
    expect(new Set(importers)).toEqual(new Set(["markdown-to-jsx/react"]));
    const config = readFileSync(path.join(ROOT, "next.config.ts"), "utf8");
    expect(config).toMatch(/"markdown-to-jsx\/react":\s*"\.\/components\/forms\/plain-markdown\.tsx"/);
  });

  it("the form routes load ajv on demand, not up front (conditions are judged without it)", () => {
    const offenders: string[] = [];
    const AJV_MODULES = ["lib/forms/ajv.ts", "lib/forms/validate.ts"];
    for (const route of FORM_ROUTES) {
      const page = path.join(CONSOLE, ...route.split("/"), "page.tsx");
      const everything = routeGraph(page, { onDemand: true });
      for (const file of ["lib/forms/condition.ts", "lib/forms/check.ts", "lib/forms/ajv.ts"])
        expect(everything.files, route).toContain(file);
      const graph = routeGraph(page);
      for (const pkg of ["ajv", "ajv-formats"]) if (graph.packages.has(pkg)) offenders.push(`/${route}: ${chain(graph, pkg)}`);
      for (const file of AJV_MODULES) if (graph.files.has(file)) offenders.push(`/${route}: ${chain(graph, file)}`);
    }
    expect(offenders).toEqual([]);
    // The engine's ajv is still what judges the schema in the browser, fetched by the form itself.
    const form = readFileSync(path.join(ROOT, "components/forms/country-form.tsx"), "utf8");
    expect(form).toContain('import("@/lib/forms/ajv")');
    expect(valueImports(form).filter((s) => /ajv|lib\/forms\/validate/.test(s))).toEqual([]);
    // @rjsf/core's index exports getTestRegistry, which imports @rjsf/validator-ajv8 (and so ajv): the
    // bundler keeps those imports for their side effects. Browser code takes the Form module itself.
    const testRegistry = readFileSync(path.join(ROOT, "node_modules/@rjsf/core/lib/getTestRegistry.js"), "utf8");
    expect(valueImports(testRegistry)).toContain("@rjsf/validator-ajv8");
    const bareCore: string[] = [];
    for (const route of FORM_ROUTES) {
      const graph = routeGraph(path.join(CONSOLE, ...route.split("/"), "page.tsx"));
      for (const file of graph.files)
        if (valueImports(readFileSync(path.join(ROOT, file), "utf8")).includes("@rjsf/core")) bareCore.push(`/${route}: ${file}`);
    }
    expect(bareCore).toEqual([]);
  });

  it("/employments/new loads the form stack with the steps that show a form, not with the first step", () => {
    const page = path.join(CONSOLE, "employments", "new", "page.tsx");
    const upFront = routeGraph(page);
    const stack = [...upFront.packages].filter((p) => /^@rjsf\/|^@cfworker\/|^json-logic-js$|^date-fns$|^ajv/.test(p));
    const engine = [...upFront.files].filter(
      (f) => f.startsWith("lib/forms/") && !/^lib\/forms\/(errors|types|sections|money)\.ts$/.test(f),
    );
    expect([...stack, ...engine].map((x) => chain(upFront, x))).toEqual([]);
    const onDemand = routeGraph(page, { onDemand: true });
    expect(onDemand.packages).toContain("@rjsf/core");
    expect(onDemand.files).toContain("components/forms/country-form.tsx");
    expect(onDemand.files).toContain("components/forms/section-form-container.tsx");
  });

  it("/contract-amendments/new ships neither the employment labels nor the contract's enumerations (its container takes create-body.ts)", () => {
    const graph = routeGraph(path.join(CONSOLE, "contract-amendments", "new", "page.tsx"));
    expect(graph.files).toContain("lib/console/contract-amendments/create-body.ts");
    const offenders = ["lib/console/contract-amendments/create.ts", "lib/console/employments/labels.ts", "lib/contract/enums.ts"].filter(
      (f) => graph.files.has(f),
    );
    expect(offenders.map((f) => chain(graph, f))).toEqual([]);
  });

  // TanStack Query (docs/decisions/console-bundle-budgets.md, "Follow-up: /employments without TanStack
  // Query"): its provider is in the layouts of the segments that use it, not in the console's layout,
  // and /employments reads its list and saved views with components/console/list/use-bff-data.ts.
  /** What a module takes from TanStack Query at run time, beyond `queryOptions` (an identity function). */
  const queryRuntime = (file: string): string[] => {
    const code = readFileSync(path.join(ROOT, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const names: string[] = [];
    for (const m of code.matchAll(/\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@tanstack\/react-query["']/g)) {
      if (m[1]) continue;
      for (const name of m[2]!.split(",").map((n) => n.trim()))
        if (name && !/^type\s/.test(name) && name !== "queryOptions") names.push(name);
    }
    if (/\bimport\s+\*\s+as\s+\w+\s+from\s*["']@tanstack\/react-query["']/.test(code)) names.push("*");
    return names;
  };

  it("/employments ships no TanStack Query up front: not the shell (no provider in the console's layout), not the list, not the toolbar", () => {
    expect(readFileSync(path.join(CONSOLE, "layout.tsx"), "utf8")).not.toMatch(/QueryProvider|QueryClientProvider|react-query/);
    const graph = routeGraph(path.join(CONSOLE, "employments", "(list)", "page.tsx"));
    expect(graph.files).toContain("components/console/employments/employments-readmodel-list.tsx");
    expect(graph.files).toContain("components/console/list/list-toolbar.tsx");
    expect(graph.files).toContain("components/console/list/use-bff-data.ts");
    const users = [...graph.files].filter((f) => queryRuntime(f).length > 0);
    expect(users.map((f) => `${chain(graph, f)}: ${queryRuntime(f).join(", ")}`)).toEqual([]);
    expect(graph.files).not.toContain("components/console/query-provider.tsx");
    // The check sees an import of the library's hooks (so it can fail).
    expect(queryRuntime("components/console/list/use-list.ts")).toContain("useQuery");
    expect(queryRuntime("lib/queries/employment.ts")).toEqual([]);
  });

  it("every route whose client code uses TanStack Query has its provider in a layout above it", () => {
    const offenders: string[] = [];
    let provided = 0;
    for (const page of pages(CONSOLE)) {
      const graph = routeGraph(page);
      const users = [...graph.files].filter((f) => queryRuntime(f).some((n) => /^use|^HydrationBoundary$|^\*$/.test(n)));
      if (users.length === 0) continue;
      let hasProvider = false;
      for (let dir = path.dirname(page); dir.startsWith(CONSOLE) && dir !== CONSOLE; dir = path.dirname(dir)) {
        const layout = path.join(dir, "layout.tsx");
        if (existsSync(layout) && /<QueryProvider>/.test(readFileSync(layout, "utf8"))) hasProvider = true;
      }
      if (hasProvider) provided++;
      else offenders.push(`/${routeOf(page)}: ${chain(graph, users[0]!)}`);
    }
    expect(provided).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it("a module that /employments or the shell loads on demand and that uses TanStack Query brings its provider (or the tab's client)", () => {
    const entries = new Set<string>();
    for (const entry of [path.join(CONSOLE, "layout.tsx"), path.join(CONSOLE, "employments", "(list)", "page.tsx")]) {
      const graph = entry.endsWith("page.tsx") ? routeGraph(entry, { onDemand: true }) : clientGraph(entry, { onDemand: true });
      for (const file of graph.files)
        for (const spec of dynamicImports(readFileSync(path.join(ROOT, file), "utf8"))) {
          const target = resolve(spec, path.join(ROOT, file));
          if (target && "file" in target) entries.add(path.relative(ROOT, target.file));
        }
    }
    const offenders: string[] = [];
    const checked: string[] = [];
    for (const entry of entries) {
      const graph = clientGraph(path.join(ROOT, entry));
      // clientGraph starts at a server entry: an on-demand module is a client module, so it is its own root.
      if ([...graph.files].every((f) => queryRuntime(f).length === 0)) continue;
      checked.push(entry);
      if (!valueImports(readFileSync(path.join(ROOT, entry), "utf8")).includes("@/components/console/query-provider"))
        offenders.push(entry);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "components/console/command/command-palette.tsx",
        "components/console/list/saved-views-panel.tsx",
        "components/console/list/bulk-actions-bar.tsx",
        "components/console/employments/employments-list.tsx",
      ]),
    );
    expect(offenders).toEqual([]);
  });
});
