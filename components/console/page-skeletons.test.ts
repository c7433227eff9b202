import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListPageSkeleton } from "./page-skeletons";

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

describe("ListPageSkeleton", () => {
  const render = (props: Parameters<typeof ListPageSkeleton>[0]) => renderToString(createElement(ListPageSkeleton, props));

  it("announces the list by name and draws its column titles, one skeleton row per `rows`", () => {
    const html = render({ what: "contract amendments", columns: ["Amendment", "Status"], rows: 4 });
    expect(html).toContain('<p role="status" class="sr-only">Loading contract amendments…</p>');
    expect([...html.matchAll(/<th [^>]*>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(["Amendment", "Status"]);
    expect(html.match(/<tr>/g)).toHaveLength(1 + 4);
    expect(html).toContain('aria-busy="true"');
  });

  it("draws the filters' placeholders, or none for a list without filters", () => {
    const filterCard = /class="[^"]*mb-4 p-4/;
    const bars = (html: string) => html.match(/<div class="grid gap-3[^>]*>(.*?)<\/div><\/div>/)?.[1]?.match(/h-16/g)?.length ?? 0;
    expect(bars(render({ what: "expenses", columns: ["Expense"], filters: 3 }))).toBe(3);
    expect(render({ what: "custom fields", columns: ["Name"], filters: 0 })).not.toMatch(filterCard);
    expect(render({ what: "payslips", columns: ["Issued"] })).toMatch(filterCard);
  });
});
