import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Next.js shows the nearest loading.tsx above a page while it loads: a detail or form page under a
// list's folder gets the list's skeleton unless it has its own.

const CONSOLE = join(process.cwd(), "app/(console)");
const LIST_SKELETON = /\b(ListPageSkeleton|TableSkeleton)\b/;

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pages(join(dir, e.name)) : e.name === "page.tsx" ? [join(dir, e.name)] : [],
  );
}

function nearestLoading(page: string): string | undefined {
  for (let dir = dirname(page); dir.startsWith(CONSOLE); dir = dirname(dir)) {
    const file = join(dir, "loading.tsx");
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** Pages of one object or of a form: a dynamic segment ([id]) or a `new` segment in the path. */
const isDetailOrForm = (page: string) =>
  relative(CONSOLE, page)
    .split("/")
    .some((s) => /^\[.+\]$/.test(s) || s === "new");

describe("loading states", () => {
  it("a detail or form page never loads with its list's skeleton", () => {
    const detailPages = pages(CONSOLE).filter(isDetailOrForm);
    expect(detailPages.map((p) => relative(CONSOLE, p))).toContain("expenses/[id]/page.tsx");
    const wrong = detailPages
      .map((page) => ({ page: relative(CONSOLE, page), loading: nearestLoading(page) }))
      .filter(({ loading }) => loading && LIST_SKELETON.test(readFileSync(loading, "utf8")));
    expect(wrong).toEqual([]);
  });
});
