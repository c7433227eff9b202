import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Every console list runs on the one list framework (docs/decisions/console-list-framework.md).
// A list page is found from the filesystem: an app/**/page.tsx that renders pagination (the list
// shell's mark: <ListShell>, <ListView>, <Pagination>, <LinkPagination>, <ListFooter>) itself or
// through the components/console modules it imports.

const ROOT = join(__dirname, "..", "..", "..");
const SHELL_MARK = /<(ListShell|ListView|Pagination|LinkPagination|ListFooter)\b/;
const FRAMEWORK_IMPORT = /from "@\/(components\/console\/list|lib\/console\/list)(\/[\w-]+)?"/;

/**
 * Lists not yet on the framework, with the files that still keep their own URL state. Port one,
 * then delete its entry: the test fails while an entry is already ported, so the set only shrinks,
 * down to empty.
 */
const NOT_YET_PORTED: Record<string, readonly string[]> = {
  // Empty: every list page of the console is on the framework. Keep it so (a new list starts on it).
};

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(join(ROOT, path)).isDirectory() ? walk(path, keep) : keep(path) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The components/console modules a file imports (as repository paths). */
function consoleImports(source: string): string[] {
  return [...source.matchAll(/from "@\/(components\/console\/[\w/-]+)"/g)].flatMap(([, mod]) =>
    [`${mod}.tsx`, `${mod}.ts`, `${mod}/index.ts`].filter((p) => {
      try {
        return statSync(join(ROOT, p)).isFile();
      } catch {
        return false;
      }
    }),
  );
}

/** A page and the components/console modules it renders, transitively (not the framework's own). */
function filesOf(page: string): string[] {
  const seen = new Set<string>([page]);
  const queue = [page];
  while (queue.length > 0) {
    for (const dep of consoleImports(read(queue.shift()!))) {
      if (seen.has(dep) || dep.startsWith("components/console/list/")) continue;
      seen.add(dep);
      queue.push(dep);
    }
  }
  return [...seen];
}

const pages = walk("app", (p) => p.endsWith("/page.tsx")).map((p) => relative(".", p).split("\\").join("/"));
const listPages = pages.filter((page) => filesOf(page).some((f) => SHELL_MARK.test(read(f))));

describe("console list pages", () => {
  it("finds the list pages (the lists already ported among them)", () => {
    expect(listPages).toEqual(
      expect.arrayContaining([
        "app/(console)/employments/(list)/page.tsx",
        "app/(console)/timeoff/page.tsx",
        "app/(console)/expenses/(list)/page.tsx",
        "app/(console)/incentives/(list)/page.tsx",
        "app/(console)/incentives/recurring/page.tsx",
        "app/(console)/offboardings/(list)/page.tsx",
        ...Object.keys(NOT_YET_PORTED),
      ]),
    );
  });

  it.each(listPages.filter((p) => !(p in NOT_YET_PORTED)))("%s runs on the list framework", (page) => {
    const files = filesOf(page);
    expect(
      files.filter((f) => FRAMEWORK_IMPORT.test(read(f))),
      "the page or a component it renders imports components/console/list or lib/console/list",
    ).not.toEqual([]);
    for (const f of files) {
      expect(read(f), `${f} keeps its own list shell`).not.toMatch(/<(Pagination|LinkPagination|ListFooter)\b/);
    }
  });

  it.each(Object.keys(NOT_YET_PORTED))("%s is listed as not yet ported and is not (delete it from NOT_YET_PORTED once it is)", (page) => {
    expect(listPages).toContain(page);
    const usesFramework = filesOf(page).some((f) => FRAMEWORK_IMPORT.test(read(f)) && !/^lib\//.test(f));
    const ownShell = filesOf(page).some((f) => /<(Pagination|LinkPagination|ListFooter)\b/.test(read(f)));
    expect(usesFramework && !ownShell, "already on the framework").toBe(false);
  });

  it("leaves no history.pushState or replaceState outside the framework's one URL writer (components/console/list/url.ts)", () => {
    const allowed = new Set([...Object.values(NOT_YET_PORTED).flat(), "components/console/list/url.ts"]);
    const offenders = ["app", "components", "lib"]
      .flatMap((dir) => walk(dir, (p) => /\.(ts|tsx)$/.test(p) && !p.endsWith(".test.ts")))
      .map((p) => p.split("\\").join("/"))
      .filter((p) => !allowed.has(p) && /history\.(pushState|replaceState)\(/.test(read(p)));
    expect(offenders).toEqual([]);
  });
});
