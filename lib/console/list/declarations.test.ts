import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// One place for list declarations (docs/decisions/console-list-framework.md, "How to add a list"):
// every `defineList(…)` of a console list is in `lib/console/<area>/list.ts`, so a reader looking
// for a list's URL state finds it by name; an area's other URLs live in `lib/console/<area>/links.ts`.

const ROOT = join(__dirname, "..", "..", "..");

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = ["app", "components", "lib"].flatMap(walk).map((p) => relative(".", p).split("\\").join("/"));
const declaring = files.filter((f) => /\bdefineList\(/.test(readFileSync(join(ROOT, f), "utf8")) && !f.startsWith("lib/console/list/"));

describe("console list declarations", () => {
  it("finds the declarations (the test is not vacuous)", () => {
    expect(declaring).toEqual(
      expect.arrayContaining(["lib/console/expenses/list.ts", "lib/console/employments/list.ts", "lib/console/partner/list.ts"]),
    );
  });

  it("are each in lib/console/<area>/list.ts", () => {
    expect(declaring.filter((f) => !/^lib\/console\/[\w-]+\/list\.ts$/.test(f))).toEqual([]);
  });

  it("leave no url-state.ts module of a ported area behind", () => {
    const left = files.filter((f) => f.endsWith("/url-state.ts") && f.startsWith("lib/console/"));
    expect(left).toEqual([]);
  });
});
