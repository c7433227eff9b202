import { describe, expect, it } from "vitest";
import { defineList, employmentIdOf, filter, withEmploymentId } from "@/lib/console/list";

const STATUSES = ["pending", "approved", "declined"] as const;
const KINDS = ["a", "b", "c"] as const;
const list = defineList("/things", {
  filters: {
    employmentId: filter.employment(),
    status: filter.enum(STATUSES),
    kinds: filter.multi(KINDS, { key: "kind" }),
    email: filter.text({ max: 20 }),
    from: filter.date(),
    q: filter.text({ api: false }),
  },
});

describe("defineList", () => {
  it("parses an empty URL to the defaults, and the defaults to the bare path", () => {
    expect(list.parse(new URLSearchParams())).toEqual({
      employmentId: "",
      status: "",
      kinds: [],
      email: "",
      from: "",
      q: "",
      page: 1,
      pageSize: 20,
    });
    expect(list.href(list.defaults)).toBe("/things");
  });

  it("parses invalid values to the default, the same on the server's record and in the browser", () => {
    const raw = {
      page: "abc",
      page_size: "7",
      status: "bogus",
      kind: "x,y",
      employment_id: "x' OR 1=1",
      from: "2026-02-30",
      email: "e".repeat(21),
    };
    const expected = list.defaults;
    expect(list.parse(raw)).toEqual(expected);
    expect(list.parse(new URLSearchParams(raw))).toEqual(expected);
    for (const page of ["0", "-3", "1.5", "100001", "2e3"]) expect(list.parse({ page }).page, page).toBe(1);
    for (const size of ["0", "7", "1000", "ten"]) expect(list.parse({ page_size: size }).pageSize, size).toBe(20);
  });

  it("writes one URL per state: defaults omitted, keys in declaration order, multi values deduplicated in order", () => {
    const state = list.update(list.defaults, { kinds: ["c", "a", "c"], status: "approved", employmentId: "0b9c" });
    const href = list.href({ ...state, page: 3, pageSize: 50 });
    expect(href).toBe("/things?employment_id=0b9c&status=approved&kind=a,c&page=3&page_size=50");
    expect(list.parse(new URL(href, "http://x").searchParams)).toEqual({ ...state, kinds: ["a", "c"], page: 3, pageSize: 50 });
  });

  it("round-trips parse → href → parse for every filter kind", () => {
    const state = {
      ...list.defaults,
      employmentId: "e-1",
      status: "declined",
      kinds: ["b"],
      email: "a@b.example",
      from: "2026-01-31",
      q: "x y",
      page: 2,
      pageSize: 100,
    } as const;
    const again = list.parse(new URLSearchParams(list.href({ ...state, kinds: [...state.kinds] }).split("?")[1]));
    expect(again).toEqual({ ...state, kinds: ["b"] });
  });

  it("writes a readable query string that reads back the same: commas, @ and : as they are, the rest escaped", () => {
    const state = { ...list.defaults, email: "a+b@x.io", kinds: ["a", "c"] as ("a" | "c")[], q: `50% & "más" #1 'x' <y> \`z\`` };
    const href = list.href(state);
    expect(href).toBe("/things?kind=a,c&email=a%2Bb@x.io&q=50%25+%26+%22m%C3%A1s%22+%231+%27x%27+%3Cy%3E+%60z%60".replace("%C3%A1", "á"));
    expect(list.parse(new URLSearchParams(href.split("?")[1]))).toEqual(state);
    // Repeated keys read the first one; a record's array value too (Next's searchParams).
    expect(list.parse(new URLSearchParams("status=approved&status=declined")).status).toBe("approved");
    expect(list.parse({ status: ["declined", "approved"] }).status).toBe("declined");
    expect(list.ownKeys).toEqual(["employment_id", "status", "kind", "email", "from", "q", "page", "page_size"]);
  });

  it("goes back to page 1 when an API filter or the page size changes, not when the page or a page-local filter does", () => {
    const on3 = { ...list.defaults, page: 3 };
    expect(list.update(on3, { status: "pending" }).page).toBe(1);
    expect(list.update(on3, { kinds: ["a"] }).page).toBe(1);
    expect(list.update(on3, { pageSize: 50 }).page).toBe(1);
    expect(list.update(on3, { status: "" }).page).toBe(3); // unchanged value
    expect(list.update(on3, { q: "anna" }).page).toBe(3); // a filter of the loaded page only
    expect(list.update(on3, { page: 4 }).page).toBe(4);
    expect(list.update(on3, { status: "pending", page: 2 }).page).toBe(2);
  });

  it("counts API filters only in hasFilters, and sends only API filters to the API", () => {
    expect(list.hasFilters({ ...list.defaults, q: "x" })).toBe(false);
    expect(list.hasFilters({ ...list.defaults, kinds: ["a"] })).toBe(true);
    const q = list.toApiQuery({ ...list.defaults, q: "x", kinds: ["b", "a"], employmentId: "e-1" });
    expect(q).toEqual({ page: 1, page_size: 20, employment_id: "e-1", kind: ["a", "b"] }); // canonical: deduplicated, in the values' order
    expect(list.apiSearch(q)).toBe("page=1&page_size=20&employment_id=e-1&kind=a%2Cb");
    expect(list.hrefFor({ employmentId: "0b9c" })).toBe("/things?employment_id=0b9c");
  });

  it("parses a BFF request leniently and names the parameters the API would refuse", () => {
    const q = { page: 2, page_size: 7, status: "approved", kind: ["a", "c"] } as const;
    const params = new URLSearchParams(list.apiSearch({ ...q, kind: [...q.kind] }));
    expect(list.apiQueryOf(params)).toEqual(q);
    expect(list.invalidApiParams(params)).toEqual([]);
    expect(list.invalidApiParams(new URLSearchParams("status=c&page=0&employment_id=a%20b&kind=&q=whatever"))).toEqual([
      'page: invalid value "0"',
      'employment_id: invalid value "a b"',
      'status: invalid value "c"',
    ]);
  });

  it("reads one employment id from a page's search params", () => {
    expect(employmentIdOf({ employment_id: ["abc-1", "x"] })).toBe("abc-1");
    expect(employmentIdOf(new URLSearchParams("employment_id=<script>"))).toBe("");
    expect(withEmploymentId("/timeoff/new", "abc")).toBe("/timeoff/new?employment_id=abc");
    expect(withEmploymentId("/timeoff/new", "")).toBe("/timeoff/new");
  });

  it("refuses a default page size it does not offer", () => {
    expect(() => defineList("/x", { filters: {}, pageSizes: [10, 25], defaultPageSize: 20 })).toThrow(/not offered/);
  });

  it("keeps a choice filter (a sort) always valued: its default is never in the URL, another value is, and sent to the API", () => {
    const sorted = defineList("/sorted", {
      filters: { sortBy: filter.choice(["due", "period"], { key: "sort_by", default: "due" }), type: filter.enum(["a", "b"]) },
    });
    expect(sorted.parse({ sort_by: "bogus" })).toMatchObject({ sortBy: "due" });
    expect(sorted.href(sorted.parse({ sort_by: "due" }))).toBe("/sorted");
    const s = sorted.parse({ sort_by: "period", type: "b", page: "3" });
    expect(sorted.href(s)).toBe("/sorted?sort_by=period&type=b&page=3");
    expect(sorted.update(s, { sortBy: "due" }).page).toBe(1);
    expect(sorted.toApiQuery(s)).toEqual({ page: 3, page_size: 20, sort_by: "period", type: "b" });
    expect(sorted.toApiQuery(sorted.defaults)).toEqual({ page: 1, page_size: 20 });
  });
});
