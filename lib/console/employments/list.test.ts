import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EMPLOYMENT_STATUSES } from "@/lib/contract";
import { makeListItem } from "@/test-support/console/employment-fixtures";
import { PAGE_SIZE_OPTIONS } from "@/lib/console/list";
import { EMPLOYMENT_HIDEABLE_COLUMNS, employmentsList, searchPageItems, type EmploymentListState } from "./list";

const list = employmentsList;
const stateArb: fc.Arbitrary<EmploymentListState> = fc.record({
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.constantFrom(...PAGE_SIZE_OPTIONS),
  statuses: fc.uniqueArray(fc.constantFrom(...EMPLOYMENT_STATUSES)).map((s) => EMPLOYMENT_STATUSES.filter((x) => s.includes(x))),
  email: fc.oneof(fc.constant(""), fc.emailAddress()),
  q: fc.string({ maxLength: 40 }).map((s) => s.trim()),
  sort: fc.constantFrom("full_name", "job_title", "status", "external_id"),
  order: fc.constantFrom("asc" as const, "desc" as const),
  hide: fc.subarray([...EMPLOYMENT_HIDEABLE_COLUMNS]),
});

describe("employments list URL state", () => {
  it("reads the defaults from an empty URL and writes none back", () => {
    expect(list.parse(new URLSearchParams())).toEqual({
      page: 1,
      pageSize: 20,
      statuses: [],
      email: "",
      q: "",
      sort: "full_name",
      order: "asc",
      hide: [],
    });
    expect(list.href(list.defaults)).toBe("/employments");
  });

  it("round-trips every state through the URL", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const href = list.href(state);
        expect(list.parse(new URL(href, "http://x").searchParams)).toEqual(state);
      }),
    );
  });

  it("gives one state exactly one URL (href ∘ parse is idempotent)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("page", "page_size", "status", "email", "q", "x"), fc.string()), (raw) => {
        const once = list.href(list.parse(raw));
        const twice = list.href(list.parse(new URL(once, "http://x").searchParams));
        expect(twice).toBe(once);
      }),
    );
  });

  it("reads Next's searchParams object and comma lists, statuses in the spec's order", () => {
    const s = list.parse({
      status: "active,bogus,invited",
      page: "3",
      page_size: "50",
      email: " a@b.example ",
      q: " berlin ",
      sort: "status",
    });
    expect(s).toEqual({
      page: 3,
      pageSize: 50,
      statuses: ["invited", "active"],
      email: "a@b.example",
      q: "berlin",
      sort: "status",
      order: "asc",
      hide: [],
    });
    expect(list.href(s)).toBe("/employments?sort=status&status=invited,active&email=a@b.example&q=berlin&page=3&page_size=50");
    expect(list.parse({ sort: "password", order: "up" })).toMatchObject({ sort: "full_name", order: "asc" });
  });

  it("falls back to defaults for values the API would refuse and page sizes the list does not offer", () => {
    expect(list.parse({ page: "0", page_size: "101" })).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.parse({ page: "2.5", page_size: "abc" })).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.parse({ page: "-4", page_size: "7" })).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.parse({ status: "nope" }).statuses).toEqual([]);
  });

  it("goes back to page 1 when a filter or the page size changes, not when the search does", () => {
    const s: EmploymentListState = { ...list.defaults, page: 4 };
    expect(list.update(s, { statuses: ["active"] }).page).toBe(1);
    expect(list.update(s, { email: "x@y.example" }).page).toBe(1);
    expect(list.update(s, { pageSize: 50 }).page).toBe(1);
    expect(list.update(s, { q: "anna" }).page).toBe(4);
    expect(list.update(s, { page: 5 }).page).toBe(5);
    expect(list.update(s, { statuses: [] }).page).toBe(4);
  });

  it("maps to the list's query without the page search; a sort other than the default is part of it (the live BFF ignores it)", () => {
    const q = list.toApiQuery({
      page: 2,
      pageSize: 50,
      statuses: ["active", "invited"],
      email: "a@b.example",
      q: "zzz",
      sort: "job_title",
      order: "desc" as const,
    });
    expect(q).toEqual({ page: 2, page_size: 50, sort: "job_title", order: "desc", status: ["invited", "active"], email: "a@b.example" });
    expect(list.apiSearch(q)).toBe("page=2&page_size=50&sort=job_title&order=desc&status=invited%2Cactive&email=a%40b.example");
    expect(list.toApiQuery(list.defaults)).toEqual({ page: 1, page_size: 20 });
    expect(list.hasFilters({ ...list.defaults, q: "anna" })).toBe(false);
  });
});

describe("search within the page", () => {
  const items = [
    makeListItem({ id: "a", full_name: "Zoë Müller", job_title: "Staff engineer" }),
    makeListItem({ id: "b", full_name: "Jean Martin", job_title: "Designer", department: "Brand", country: null }),
  ];

  it("matches every word, ignoring case and accents", () => {
    expect(searchPageItems(items, "zoe muller").map((i) => i.id)).toEqual(["a"]);
    expect(searchPageItems(items, "DESIGNER brand").map((i) => i.id)).toEqual(["b"]);
    expect(searchPageItems(items, "germany").map((i) => i.id)).toEqual(["a"]);
    expect(searchPageItems(items, "").map((i) => i.id)).toEqual(["a", "b"]);
    expect(searchPageItems(items, "nobody")).toEqual([]);
  });
});
