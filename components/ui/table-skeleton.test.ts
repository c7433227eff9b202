import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmploymentsTableSkeleton } from "@/components/console/employments/employments-table-skeleton";
import { ListShell } from "@/components/console/list/list-shell";
import { ListPageSkeleton } from "@/components/console/page-skeletons";
import { EMPLOYMENT_CELL_COLUMNS } from "@/components/console/employments/employment-cells";
import { DeliveriesTableSkeleton } from "@/components/console/webhooks/deliveries-skeleton";
import { Skeleton } from "./skeleton";
import { Td, Tr } from "./table";
import { TableSkeleton, skeletonRowsHtml } from "./table-skeleton";

const headers = (html: string) => [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
const rowsOf = (html: string) => html.split("<tbody")[1]!.split("<tr").slice(1);

describe("TableSkeleton", () => {
  it("draws the lead columns before the plain ones: the employments' name and e-mail, then one bar per column", () => {
    const html = renderToStaticMarkup(createElement(EmploymentsTableSkeleton, { rows: 3 }));
    expect(headers(html)).toEqual(["Name", ...EMPLOYMENT_CELL_COLUMNS]);
    const rows = rowsOf(html);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.match(/<td/g)).toHaveLength(1 + EMPLOYMENT_CELL_COLUMNS.length);
      expect(row).toContain("w-36");
      expect(row).toContain("w-44");
    }
    expect(html).toContain('role="status"');
    expect(html).toContain("Loading employments…");
    expect(html).toContain('aria-hidden="true"');
  });

  it("a selection column has an empty header of its own width", () => {
    const html = renderToStaticMarkup(createElement(DeliveriesTableSkeleton, { rows: 2 }));
    expect(headers(html)).toEqual(["", "Event", "Status", "Attempts", "First triggered", "Last triggered", "Callback"]);
    expect(html).toMatch(/<th[^>]*class="[^"]*w-10[^"]*"[^>]*><\/th>/);
    expect(rowsOf(html)).toHaveLength(2);
    expect(rowsOf(html)[0]).toContain("size-4");
    expect(html).toContain("Loading deliveries…");
  });

  it("is the list framework's loading table (ListShell before its first page) and the list routes' (ListPageSkeleton): no copy of its markup", () => {
    const columns = ["Employee", "Net pay", "PDF"];
    const table = (rows: number, label: string) => renderToStaticMarkup(createElement(TableSkeleton, { columns, rows, label }));
    const page = renderToStaticMarkup(createElement(ListPageSkeleton, { what: "payslips", columns, rows: 4 }));
    expect(page).toContain(table(4, "Loading payslips…"));
    const model = {
      state: { page: 1, pageSize: 20 },
      pageSizes: [20],
      data: undefined,
      busy: true,
      error: null,
      errorFromServer: false,
      filtered: false,
      retry: () => {},
      goToPage: () => {},
      setPageSize: () => {},
      pageHref: () => "",
      clearFilters: () => {},
    };
    const shell = renderToStaticMarkup(
      createElement(ListShell, {
        model,
        items: [],
        noun: ["payslip", "payslips"],
        environmentLabel: "Sandbox",
        columns,
        emptyText: "",
        children: () => null,
      }),
    );
    // Eight rows at most while the first page loads.
    expect(shell).toContain(table(8, "Loading payslips…"));
  });

  it("writes its rows as text with the markup React draws for the same Td and Skeleton cells", () => {
    const lead = [{ bars: ["size-4"] }, { header: "Name", bars: ["h-4 w-36", "mt-1.5 h-3 w-44"] }];
    const drawn = renderToStaticMarkup(
      createElement(
        "tbody",
        null,
        Array.from({ length: 3 }, (_, i) =>
          createElement(
            Tr,
            { key: i },
            ...lead.map((l, j) =>
              createElement(Td, { key: `lead-${j}` }, ...l.bars.map((b, k) => createElement(Skeleton, { key: k, className: b }))),
            ),
            ...["a", "b"].map((c) => createElement(Td, { key: c }, createElement(Skeleton, { className: "h-4 w-20" }))),
          ),
        ),
      ),
    );
    expect(`<tbody>${skeletonRowsHtml(lead, 2, 3, "h-4 w-20")}</tbody>`).toBe(drawn);
    // The table's body as drawn by TableSkeleton holds the same rows.
    const html = renderToStaticMarkup(createElement(EmploymentsTableSkeleton, { rows: 2 }));
    expect(html).toContain(skeletonRowsHtml([{ bars: ["h-4 w-36", "mt-1.5 h-3 w-44"] }], EMPLOYMENT_CELL_COLUMNS.length, 2, "h-4 w-20"));
    expect(skeletonRowsHtml([], 1, 0, "x")).toBe("");
  });
});
