import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The fence between the console's server code and its browser code
// (docs/decisions/console-server-browser-split.md): ESLint refuses the imports that cross it, and
// every client component's import graph stays clear of it.

const root = path.resolve(import.meta.dirname, "..");

/** Deliberate violations, each linted as if it were the named file. */
const VIOLATIONS = [
  {
    name: "a client component imports a console server module",
    filePath: "components/console/fence-fixture.tsx",
    source: `"use client";\nimport { getPageApi } from "@/lib/console/server/pages";\nexport const x = getPageApi;\n`,
    message: /lib\/console\/server/,
  },
  {
    name: "a browser module of lib/console imports server-only",
    filePath: "lib/console/employments/fence-fixture.ts",
    source: `import "server-only";\nexport const x = 1;\n`,
    message: /server-only modules/,
  },
  {
    name: "a browser module of lib/console imports lib/queries",
    filePath: "lib/console/employments/fence-fixture.ts",
    source: `import { scopeOf } from "@/lib/queries/scope";\nexport const x = scopeOf;\n`,
    message: /lib\/queries/,
  },
  {
    name: "a query module imports the console's session",
    filePath: "lib/queries/fence-fixture.ts",
    source: `import { getServerApi } from "@/lib/console/server/session";\nexport const x = getServerApi;\n`,
    message: /lib\/console\/server/,
  },
  {
    name: "a console server module imports the API implementation",
    filePath: "lib/console/server/fence-fixture.ts",
    source: `import { createGatewayApp } from "@/lib/gateway/app";\nexport const x = createGatewayApp;\n`,
    message: /lib\/gateway/,
  },
  {
    name: "a page imports the API implementation",
    filePath: "app/(console)/fence-fixture/page.tsx",
    source: `import { createGatewayApp } from "@/lib/gateway/app";\nexport default function P() { return String(createGatewayApp); }\n`,
    message: /lib\/gateway/,
  },
] as const;

const ALLOWED = [
  {
    name: "a page imports a console server module",
    filePath: "app/(console)/fence-fixture/page.tsx",
    source: `import { getPageApi } from "@/lib/console/server/pages";\nexport default function P() { return String(getPageApi); }\n`,
  },
  {
    name: "a server component in components/ (named *.server.tsx) imports a console server module",
    filePath: "components/console/fence-fixture.server.tsx",
    source: `import { getPageApi } from "@/lib/console/server/pages";\nexport const x = getPageApi;\n`,
  },
  {
    name: "lib/queries imports a browser module of lib/console",
    filePath: "lib/queries/fence-fixture.ts",
    source: `import { bffFetch } from "@/lib/console/bff-client";\nexport const x = bffFetch;\n`,
  },
] as const;

function linter() {
  // Only the fence's rule matters here; type information is not needed for it.
  return new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports",
  });
}

describe("the ESLint fence between server and browser code", () => {
  for (const v of VIOLATIONS) {
    it(`fails when ${v.name}`, async () => {
      const [result] = await linter().lintText(v.source, { filePath: path.join(root, v.filePath) });
      const fence = result!.messages.filter((m) => m.ruleId === "no-restricted-imports");
      expect(fence.length, JSON.stringify(result!.messages)).toBeGreaterThan(0);
      expect(fence[0]!.message).toMatch(v.message);
    });
  }
  for (const a of ALLOWED) {
    it(`passes when ${a.name}`, async () => {
      const [result] = await linter().lintText(a.source, { filePath: path.join(root, a.filePath) });
      expect(result!.messages.filter((m) => m.ruleId === "no-restricted-imports")).toEqual([]);
    });
  }
});

// The import graph: what a client component loads, transitively, never reaches server code
// (a per-folder lint rule cannot see through a browser module that imports another).

const SOURCE = /\.(ts|tsx)$/;
function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) walk(rel, out);
    else if (SOURCE.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

const files = new Set([...walk("app"), ...walk("components"), ...walk("lib")]);
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|(?:^|\n)\s*import\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (files.has(c)) return c;
  return null;
}

function importsOf(file: string): { internal: string[]; external: string[] } {
  const internal: string[] = [];
  const external: string[] = [];
  for (const m of read(file).matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    // Type-only imports vanish at build time.
    if (/^(import|export)\s+type\s/.test(m[0].trimStart())) continue;
    const target = resolve(file, spec);
    if (target) internal.push(target);
    else if (!spec.startsWith(".") && !spec.startsWith("@/")) external.push(spec);
  }
  return { internal, external };
}

function serverCodeKind(file: string): string | null {
  if (file.startsWith("lib/console/server/")) return "a console server module";
  if (file.startsWith("lib/gateway/")) return "the API implementation";
  if (/^import "server-only";/m.test(read(file))) return "a server-only module";
  return null;
}

describe("client components stay clear of server code", () => {
  const clientEntries = [...files].filter((f) => /^\s*["']use client["']/.test(read(f)));

  it("finds the client components (the scan works)", () => {
    expect(clientEntries.length).toBeGreaterThan(50);
    expect(clientEntries).toContain("components/console/query-provider.tsx");
  });

  it("no client component reaches a console server module, server-only or lib/gateway through its imports", () => {
    const offenders: string[] = [];
    for (const entry of clientEntries) {
      const seen = new Set<string>([entry]);
      const queue: { file: string; via: string[] }[] = [{ file: entry, via: [entry] }];
      while (queue.length > 0) {
        const { file, via } = queue.shift()!;
        const kind = serverCodeKind(file);
        if (kind) {
          offenders.push(`${via.join(" → ")} (${kind})`);
          continue;
        }
        const { internal, external } = importsOf(file);
        const serverOnly = external.filter((e) => e === "server-only" || e.startsWith("node:"));
        if (serverOnly.length > 0) offenders.push(`${via.join(" → ")} (imports ${serverOnly.join(", ")})`);
        for (const next of internal) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push({ file: next, via: [...via, next] });
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("every console module that declares server-only lives in lib/console/server/", () => {
    const misplaced = [...files].filter(
      (f) =>
        (f.startsWith("lib/console/") || f.startsWith("lib/queries/") || f.startsWith("components/")) &&
        !f.startsWith("lib/console/server/") &&
        /^import "server-only";/m.test(read(f)),
    );
    expect(misplaced).toEqual([]);
  });
});
