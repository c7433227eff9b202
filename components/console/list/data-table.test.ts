import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, VIRTUALIZE_ABOVE, type ListColumn } from "./data-table";

interface Row {
  id: string;
  name: string;
}
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Person ${i}` }));
const columns: ListColumn<Row>[] = [{ id: "name", header: "Name", cell: ({ row }) => row.original.name, meta: { className: "min-w-52" } }];
const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]> & { rows: Row[] }) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, { label: "People", caption: "People, page 1 of 1", columns, getRowId: (r) => r.id, ...props }),
  );
/** Rendered after DataTable's lazy part (the virtualised body) has loaded: a first render asks for it. */
async function renderAll(props: Partial<Parameters<typeof DataTable<Row>>[0]> & { rows: Row[] }): Promise<string> {
  render({ ...props, rows: rows(VIRTUALIZE_ABOVE + 1) });
  await import("./virtual-rows");
  await new Promise((r) => setTimeout(r, 0));
  return render(props);
}
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe("DataTable", () => {
  it("renders the column definitions, the caption and every row of a short page", () => {
    const html = render({ rows: rows(3) });
    expect(html).toContain("<caption");
    expect(html).toContain("People, page 1 of 1");
    expect(html).toMatch(/<th[^>]*scope="col"[^>]*>Name<\/th>/);
    expect(count(html, /Person \d+/g)).toBe(3);
    expect(html).toContain("min-w-52");
    expect(html).not.toContain("aria-busy");
    expect(html).not.toContain("data-virtualized");
  });

  it("marks the table busy while it refetches", () => {
    expect(render({ rows: rows(1), busy: true })).toContain('aria-busy="true"');
  });

  it("labels each selection checkbox and the select-all one, checked as selected", () => {
    const html = render({
      rows: rows(2),
      selection: { selected: { r1: true }, onChange: () => {}, rowLabel: (r) => `Select ${r.name}` },
    });
    expect(html).toContain('aria-label="Select all rows on this page"');
    expect(html).toMatch(/aria-label="Select Person 0"(?![^>]*checked)/);
    expect(html).toMatch(/aria-label="Select Person 1"[^>]*checked/);
  });

  it(`virtualises a page of more than ${VIRTUALIZE_ABOVE} rows: only the rows in view are rendered`, async () => {
    // The virtualiser is a lazy chunk: before it is in, every row is drawn; once it is, only those in view.
    expect(count(render({ rows: rows(VIRTUALIZE_ABOVE + 400) }), /Person \d+/g)).toBe(VIRTUALIZE_ABOVE + 400);
    const html = await renderAll({ rows: rows(VIRTUALIZE_ABOVE + 400) });
    expect(html).toContain("data-virtualized");
    expect(html).toContain(`aria-rowcount="${VIRTUALIZE_ABOVE + 401}"`);
    const shown = count(html, /Person \d+/g);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
  });

  it("does not virtualise at the threshold", async () => {
    const html = await renderAll({ rows: rows(VIRTUALIZE_ABOVE) });
    expect(count(html, /Person \d+/g)).toBe(VIRTUALIZE_ABOVE);
    expect(html).not.toContain("data-virtualized");
  });

  it("gives a sortable column's header its aria-sort", () => {
    const sortable: ListColumn<Row>[] = [{ ...columns[0]!, meta: { ariaSort: "descending" } }];
    expect(render({ rows: rows(1), columns: sortable })).toMatch(/<th[^>]*aria-sort="descending"[^>]*>Name<\/th>/);
    expect(render({ rows: rows(1) })).not.toContain("aria-sort");
  });

  it("turns a column with meta.sortKey into a SortHeader button with the list's aria-sort, and leaves out hidden columns", () => {
    const cols: ListColumn<Row>[] = [
      { id: "name", header: "Name", cell: ({ row }) => row.original.name, meta: { sortKey: "name" } },
      { id: "id", header: "Id", cell: ({ row }) => row.original.id, meta: { sortKey: "id" } },
      { id: "note", header: "Note", cell: () => "note" },
    ];
    const onSort = () => {};
    const html = render({ rows: rows(1), columns: cols, sort: { sort: "name", order: "desc", onSort } });
    expect(html).toMatch(
      /<th[^>]*aria-sort="descending"[^>]*><button type="button" data-sort-key="name"[^>]*>Name<span aria-hidden="true"[^>]*>▼/,
    );
    expect(html).toMatch(/<th[^>]*aria-sort="none"[^>]*><button type="button" data-sort-key="id"/);
    expect(html).toContain("sorted descending: sort ascending");
    expect(html).toMatch(/<th[^>]*>Note<\/th>/);
    expect(count(html, /aria-sort=/g)).toBe(2);
    // Too many rows to sort: no column claims an order.
    expect(
      count(
        render({ rows: rows(1), columns: cols, sort: { sort: "name", order: "desc", onSort, unavailable: true } }),
        /aria-sort="none"/g,
      ),
    ).toBe(2);
    const hidden = render({ rows: rows(1), columns: cols, hidden: ["id"] });
    expect(hidden).not.toContain(">Id<");
    expect(hidden).not.toContain("aria-sort"); // no sort given: plain headers
  });
  it("labels each cell but the row's link with its header for the phone's card rows (meta.label overrides a non-string header)", () => {
    interface Item {
      id: string;
      name: string;
      city: string;
      age: number;
    }
    const cols: ListColumn<Item>[] = [
      { id: "name", header: "Name", cell: ({ row }) => row.original.name },
      { id: "city", header: "City", cell: ({ row }) => row.original.city },
      { id: "age", header: () => "Age (years)", meta: { label: "Age" }, cell: ({ row }) => row.original.age },
    ];
    const html = renderToStaticMarkup(
      createElement(DataTable<Item>, {
        label: "People",
        caption: "People",
        columns: cols,
        rows: [{ id: "a", name: "Ada", city: "Lyon", age: 36 }],
        getRowId: (r) => r.id,
        selection: { selected: {}, onChange: () => {}, rowLabel: (r) => `Select ${r.name}` },
      }),
    );
    const cells = [...html.matchAll(/<td([^>]*)>/g)].map((m) => /data-label="([^"]*)"/.exec(m[1]!)?.[1] ?? null);
    expect(cells).toEqual([null, null, "City", "Age"]);
    // The card layout's classes (app/globals.css), not the utilities' list repeated on every cell.
    expect(count(html, /<td class="ui-td w-10 list-card-td list-card-select"/g)).toBe(1);
    expect(count(html, /<td class="ui-td list-card-td list-card-title"/g)).toBe(1);
    expect(count(html, /<td class="ui-td list-card-td" data-label="/g)).toBe(2);
  });

  describe("class lists of a page of rows (issue 11: ~170 KB of class attributes for 20 rows)", () => {
    interface Item {
      id: string;
      name: string;
      city: string;
      amount: string;
    }
    const cols: ListColumn<Item>[] = [
      { id: "name", header: "Name", meta: { className: "min-w-52" }, cell: ({ row }) => row.original.name },
      { id: "city", header: "City", cell: ({ row }) => row.original.city },
      {
        id: "amount",
        header: "Amount",
        meta: { className: "whitespace-nowrap text-right tabular-nums" },
        cell: ({ row }) => row.original.amount,
      },
    ];
    const page = (n: number) =>
      renderToStaticMarkup(
        createElement(DataTable<Item>, {
          label: "People",
          caption: "People",
          columns: cols,
          rows: Array.from({ length: n }, (_, i) => ({ id: `i${i}`, name: `Person ${i}`, city: "Lyon", amount: "1,000.00" })),
          getRowId: (r) => r.id,
          rowProps: () => ({ className: "list-row-clickable", "data-row": "" }),
          selection: { selected: { i1: true }, onChange: () => {}, rowLabel: (r) => `Select ${r.name}` },
        }),
      );

    it("gives each cell, row and header a few named classes, whose longest class attribute stays short", () => {
      const html = page(20);
      const classes = [...html.matchAll(/<(td|tr|th)\b[^>]*?class="([^"]*)"/g)];
      expect(classes.length).toBe(1 + 4 + 20 + 20 * 4); // the header row, its 4 headers, 20 rows of 4 cells
      for (const [, , list] of classes) expect(list!.length).toBeLessThanOrEqual(80);
      expect(count(html, /class="ui-td list-card-td"/g)).toBe(20);
    });

    it("adds under 700 bytes of markup per row of 4 cells (the utilities' lists took ~2,800)", () => {
      const perRow = (page(21).length - page(1).length) / 20;
      expect(perRow).toBeGreaterThan(200); // the rows are there
      expect(perRow).toBeLessThan(700);
    });

    it("uses only named classes that app/globals.css defines", () => {
      const css = readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8");
      const named = new Set(
        [...page(2).matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(" ")).filter((c) => /^(ui|list)-/.test(c)),
      );
      expect(named.size).toBeGreaterThanOrEqual(10);
      for (const name of named) expect(css, name).toMatch(new RegExp(`\\.${name}\\s*\\{`));
    });
  });
});
