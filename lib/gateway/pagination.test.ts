import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PaginationQuerySchema } from "@/lib/contract";
import { allOnOnePage, pageParams, pageWindow, paginate } from "./pagination";
import type { AnyRoute } from "./route";
import { allRoutes } from "./routes";

// DECISIONS.md "List envelope" and "Pagination", built in one place: lib/gateway/pagination.ts
// (docs/decisions/api-pagination-envelope.md).

const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("paginate: the envelope rules", () => {
  it("an empty list is page 1 of 0 pages with a total of 0", () => {
    expect(paginate("employments", [], 0, { page: 1, pageSize: 20 })).toEqual({
      data: { employments: [], current_page: 1, total_count: 0, total_pages: 0 },
    });
  });

  it("the last page holds the remainder and total_pages is rounded up", () => {
    const p = { page: 3, pageSize: 20 };
    expect(pageWindow(p)).toEqual({ limit: 20, offset: 40 });
    expect(paginate("expenses", rows(5), 45, p)).toEqual({
      data: { expenses: rows(5), current_page: 3, total_count: 45, total_pages: 3 },
    });
  });

  it("a full last page does not add a page", () => {
    expect(paginate("timeoffs", rows(20), 40, { page: 2, pageSize: 20 }).data.total_pages).toBe(2);
  });

  it("a page past the end is an empty list that keeps the page asked for and the real totals", () => {
    expect(paginate("payslips", [], 45, { page: 9, pageSize: 20 })).toEqual({
      data: { payslips: [], current_page: 9, total_count: 45, total_pages: 3 },
    });
  });

  it("the departments' placement puts the page fields beside data", () => {
    expect(paginate("company_departments", rows(2), 2, { page: 1, pageSize: 20 }, "beside-data")).toEqual({
      data: { company_departments: rows(2) },
      current_page: 1,
      total_count: 2,
      total_pages: 1,
    });
  });

  it("every row on one page (paginate=false) is one page, or none for no rows", () => {
    expect(paginate("company_departments", rows(150), 150, allOnOnePage(150)).data).toMatchObject({ current_page: 1, total_pages: 1 });
    expect(paginate("company_departments", [], 0, allOnOnePage(0)).data).toMatchObject({ current_page: 1, total_pages: 0 });
  });

  it("a page below 1, a page size below 1, or more items than the page size is a programming error", () => {
    expect(() => paginate("x", [], 0, { page: 0, pageSize: 20 })).toThrow(/page must be/);
    expect(() => pageWindow({ page: 1, pageSize: 0 })).toThrow(/pageSize must be/);
    expect(() => paginate("x", rows(3), 3, { page: 1, pageSize: 2 })).toThrow(/at most 2 items/);
    expect(() => paginate("x", [], -1, { page: 1, pageSize: 2 })).toThrow(/totalCount/);
  });
});

describe("page params: the bounds of page and page_size", () => {
  const parse = (q: Record<string, string>) => PaginationQuerySchema.safeParse(q);

  it("absent page and page_size are page 1 of 20", () => {
    const r = parse({});
    expect(r.success && pageParams(r.data)).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it("page_size 1 and 100 are accepted; 0, 101 and a non-integer are refused", () => {
    expect(parse({ page_size: "1" }).success).toBe(true);
    expect(parse({ page_size: String(MAX_PAGE_SIZE) }).success).toBe(true);
    expect(MAX_PAGE_SIZE).toBe(100);
    for (const bad of ["0", "101", "2.5", "-1", "ten"]) expect(parse({ page_size: bad }).success, bad).toBe(false);
    for (const bad of ["0", "1.5", "x"]) expect(parse({ page: bad }).success, bad).toBe(false);
  });
});

// ─── Every list route goes through paginate() ───────────────────────────────────────────────────

const GATEWAY = path.join(process.cwd(), "lib/gateway");
const ENVELOPE_FIELD = /\b(current_page|total_count|total_pages)\s*:|\(\s*[\w.]*page\s*-\s*1\s*\)\s*\*/g;

/** The envelope fields (or OFFSET arithmetic) a source writes by hand. */
function handBuiltEnvelope(source: string): string[] {
  return [...source.matchAll(ENVELOPE_FIELD)].map((m) => m[0]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

/** A route whose documented success body carries `total_pages` answers a list envelope. */
function isListRoute(route: AnyRoute): boolean {
  return [200, 201].some((status) => {
    const schema = route.responses[status]?.schema;
    if (!schema) return false;
    const json = JSON.stringify(z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }));
    return json.includes('"total_pages"');
  });
}

describe("every list route builds its envelope with paginate()", () => {
  it("the scan finds a hand-built envelope and OFFSET arithmetic", () => {
    expect(handBuiltEnvelope("return { data: { xs, current_page: q.page, total_count: n, total_pages: 1 } }")).toHaveLength(3);
    expect(handBuiltEnvelope(".offset((o.page - 1) * o.pageSize)")).toHaveLength(1);
    expect(handBuiltEnvelope('return paginate("xs", items, total, page);')).toEqual([]);
  });

  it("no route or service writes the envelope's page fields or its OFFSET itself", () => {
    const offenders = [...sourceFiles(path.join(GATEWAY, "routes")), ...sourceFiles(path.join(GATEWAY, "services"))].flatMap((file) =>
      handBuiltEnvelope(readFileSync(file, "utf8")).map((hit) => `${path.relative(process.cwd(), file)}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  const listRoutes = allRoutes.filter(isListRoute);
  const routeFiles = sourceFiles(path.join(GATEWAY, "routes")).map((file) => ({ file, source: readFileSync(file, "utf8") }));

  it("the list routes are found (at least the spec's plural keys)", () => {
    expect(listRoutes.length).toBeGreaterThanOrEqual(13);
  });

  it.each(listRoutes.map((r) => [r.operationId, r] as const))(
    "%s parses page and page_size and hands pageParams() to its service",
    (id, route) => {
      const query = route.query!;
      expect(query, "a list route declares its query").toBeDefined();
      const parsed = query.safeParse({ page: "2", page_size: "5" });
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({ page: 2, page_size: 5 });
      expect(query.safeParse({ page_size: "101" }).success).toBe(false);
      const file = routeFiles.find((f) => f.source.includes(`operationId: "${id}"`));
      expect(file, `the file declaring ${id}`).toBeDefined();
      expect(file!.source).toMatch(/\bpageParams\(/);
    },
  );
});
