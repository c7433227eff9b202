import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineList } from "./define-list";
import { filter } from "./filters";
import { ariaSortOf, sortRows, toggleSort } from "./sort";

const people = defineList("/people", {
  sort: { keys: ["name", "started"] },
  columns: ["email", "started"],
  filters: { status: filter.enum(["active", "invited"]) },
});
const byDue = defineList("/due", {
  sort: { keys: ["due", "amount"], default: { by: "due", order: "desc" }, urlKeys: { by: "sort_by", order: "sort_order" } },
  filters: {},
});
const q = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");

describe("list sort in the URL", () => {
  it("parses leniently: an unknown column or order is the default, and the default is never written", () => {
    expect(people.defaults).toMatchObject({ sort: "", order: "asc", hide: [] });
    expect(people.parse({ sort: "salary", order: "sideways" })).toEqual(people.defaults);
    expect(people.parse({ sort: " name ", order: "DESC" })).toMatchObject({ sort: "name", order: "desc" });
    expect(people.href(people.parse({ sort: "bogus" }))).toBe("/people");
    expect(byDue.href(byDue.parse({ sort_by: "due", sort_order: "desc" }))).toBe("/due");
    expect(byDue.href(byDue.parse({ sort_by: "due", sort_order: "asc" }))).toBe("/due?sort_order=asc");
    // An order without a column (the API's own order) is dropped: it would order nothing.
    expect(people.href(people.update(people.defaults, { order: "desc" }))).toBe("/people");
    // A list that declares no sort has none in its state (and ignores the parameters).
    const list = defineList("/plain", { filters: {} });
    expect(list.parse({ sort: "x", order: "desc", hide: "a" })).toEqual({ page: 1, pageSize: 20 });
    expect(list.toApiQuery(list.update(list.defaults, { sort: "x" }))).toEqual({ page: 1, page_size: 20 });
  });

  it("writes the sort first and the hidden columns last, and round-trips any URL to one URL", () => {
    const s = people.parse({ status: "active", sort: "started", order: "desc", page: "2", hide: "started,email,nope" });
    expect(people.href(s)).toBe("/people?sort=started&order=desc&status=active&page=2&hide=email,started");
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("sort", "order", "status", "page", "hide"), fc.string()), (raw) => {
        const once = people.href(people.parse(raw));
        expect(people.href(people.parse(q(once)))).toBe(once);
      }),
    );
  });

  it("a header click toggles the order, another column starts ascending; a new sort goes back to page 1, hiding a column does not", () => {
    const s = { ...people.defaults, page: 4 };
    const a = people.update(s, toggleSort(s, "name"));
    expect(a).toMatchObject({ sort: "name", order: "asc", page: 1 });
    expect(people.update(a, toggleSort(a, "name"))).toMatchObject({ sort: "name", order: "desc" });
    expect(people.update({ ...a, order: "desc" }, toggleSort({ ...a, order: "desc" }, "started"))).toMatchObject({
      sort: "started",
      order: "asc",
    });
    expect(people.update({ ...a, page: 3 }, { hide: ["started"] })).toMatchObject({ page: 3, hide: ["started"] });
    expect(ariaSortOf(a, "name")).toBe("ascending");
    expect(ariaSortOf(a, "started")).toBe("none");
  });

  it("sends a non-default sort in the API query under the list's URL names, and refuses a bad one at the BFF", () => {
    const s = people.update(people.defaults, { sort: "name", order: "desc" });
    expect(people.toApiQuery(s)).toEqual({ page: 1, page_size: 20, sort: "name", order: "desc" });
    expect(people.toApiQuery(people.defaults)).toEqual({ page: 1, page_size: 20 });
    expect(byDue.apiSearch(byDue.toApiQuery({ ...byDue.defaults, sort: "amount" }))).toBe(
      "page=1&page_size=20&sort_by=amount&sort_order=desc",
    );
    expect(byDue.apiQueryOf(new URLSearchParams("sort_by=amount&sort_order=asc"))).toEqual({
      page: 1,
      page_size: 20,
      sort: "amount",
      order: "asc",
    });
    expect(byDue.apiQueryOf(new URLSearchParams("sort_by=due"))).toEqual({ page: 1, page_size: 20 });
    expect(people.invalidApiParams(new URLSearchParams("sort=salary&order=up"))).toEqual([
      'sort: invalid value "salary"',
      'order: invalid value "up"',
    ]);
  });

  it("refuses a filter named like the list's own state", () => {
    expect(() => defineList("/x", { filters: { sort: filter.enum(["a"]) } })).toThrow(/not a filter name/);
    expect(() => defineList("/x", { sort: { keys: ["a"], default: { by: "b" as "a", order: "asc" } }, filters: {} })).toThrow(
      /not sortable/,
    );
  });
});

describe("sortRows", () => {
  const rows = [
    { id: 1, name: "émile", n: 10, d: "2026-03-01", x: null },
    { id: 2, name: "Bea", n: 2, d: "2025-12-31", x: "b" },
    { id: 3, name: "adam", n: 10, d: null, x: "a" },
    { id: 4, name: "Zoë", n: -1, d: "2026-01-15", x: "" },
  ];
  const acc = { name: (r: (typeof rows)[number]) => r.name, n: (r: (typeof rows)[number]) => r.n, d: (r: (typeof rows)[number]) => r.d };
  const ids = (by: string, order: "asc" | "desc") => sortRows(rows, acc, by, order).map((r) => r.id);

  it("orders text by locale without case or accents, numbers by value, stable on ties, empty values last both ways", () => {
    expect(ids("name", "asc")).toEqual([3, 2, 1, 4]);
    expect(ids("name", "desc")).toEqual([4, 1, 2, 3]);
    expect(ids("n", "asc")).toEqual([4, 2, 1, 3]);
    expect(ids("n", "desc")).toEqual([1, 3, 2, 4]);
    expect(ids("d", "asc")).toEqual([2, 4, 1, 3]);
    expect(ids("d", "desc")).toEqual([1, 4, 2, 3]);
    expect(sortRows(rows, acc, "unknown", "asc")).toEqual(rows);
  });
});
