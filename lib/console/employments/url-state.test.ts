import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EMPLOYMENT_STATUSES } from "@/lib/contract";
import { makeListItem } from "./test-fixtures";
import {
  DEFAULT_LIST_STATE,
  apiQueryToSearch,
  listStateHref,
  parseListState,
  searchPageItems,
  serializeListState,
  toApiQuery,
  updateListState,
  type EmploymentListState,
} from "./url-state";

const stateArb: fc.Arbitrary<EmploymentListState> = fc.record({
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.integer({ min: 1, max: 100 }),
  statuses: fc.uniqueArray(fc.constantFrom(...EMPLOYMENT_STATUSES)).map((s) => EMPLOYMENT_STATUSES.filter((x) => s.includes(x))),
  email: fc.oneof(fc.constant(""), fc.emailAddress()),
  q: fc.string({ maxLength: 40 }).map((s) => s.trim()),
});

describe("list URL state", () => {
  it("reads the defaults from an empty URL and writes none back", () => {
    expect(parseListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(listStateHref(DEFAULT_LIST_STATE)).toBe("/employments");
  });

  it("round-trips every state through the URL", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const url = serializeListState(state);
        expect(parseListState(new URLSearchParams(url.toString()))).toEqual(state);
      }),
    );
  });

  it("gives one state exactly one URL (serialize ∘ parse is idempotent)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("page", "page_size", "status", "email", "q", "x"), fc.string()), (raw) => {
        const once = serializeListState(parseListState(raw)).toString();
        const twice = serializeListState(parseListState(new URLSearchParams(once))).toString();
        expect(twice).toBe(once);
      }),
    );
  });

  it("reads Next's searchParams object, repeated keys and comma lists alike", () => {
    const s = parseListState({ status: ["invited", "active,bogus"], page: "3", page_size: "50", email: " a@b.example ", q: " berlin " });
    expect(s).toEqual({ page: 3, pageSize: 50, statuses: ["invited", "active"], email: "a@b.example", q: "berlin" });
    // Statuses are written in the spec's order, whatever order the URL had.
    expect(listStateHref(s)).toBe("/employments?status=invited%2Cactive&email=a%40b.example&q=berlin&page=3&page_size=50");
  });

  it("falls back to defaults for values the API would refuse", () => {
    expect(parseListState({ page: "0", page_size: "101" })).toMatchObject({ page: 1, pageSize: 20 });
    expect(parseListState({ page: "2.5", page_size: "abc" })).toMatchObject({ page: 1, pageSize: 20 });
    expect(parseListState({ page: "-4", page_size: "0" })).toMatchObject({ page: 1, pageSize: 20 });
    expect(parseListState({ status: "nope" }).statuses).toEqual([]);
  });

  it("goes back to page 1 when a filter or the page size changes, not when the search does", () => {
    const s: EmploymentListState = { ...DEFAULT_LIST_STATE, page: 4 };
    expect(updateListState(s, { statuses: ["active"] }).page).toBe(1);
    expect(updateListState(s, { email: "x@y.example" }).page).toBe(1);
    expect(updateListState(s, { pageSize: 50 }).page).toBe(1);
    expect(updateListState(s, { q: "anna" }).page).toBe(4);
    expect(updateListState(s, { page: 5 }).page).toBe(5);
    expect(updateListState(s, { statuses: [] }).page).toBe(4);
  });

  it("maps to the API's query without the page search", () => {
    const q = toApiQuery({ page: 2, pageSize: 50, statuses: ["active", "invited"], email: "a@b.example", q: "zzz" });
    expect(q).toEqual({ page: 2, page_size: 50, status: ["invited", "active"], email: "a@b.example" });
    expect(apiQueryToSearch(q)).toBe("page=2&page_size=50&status=invited%2Cactive&email=a%40b.example");
    expect(toApiQuery(DEFAULT_LIST_STATE)).toEqual({ page: 1, page_size: 20 });
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
