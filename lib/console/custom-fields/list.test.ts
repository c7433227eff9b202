import { describe, expect, it } from "vitest";
import { customFieldsList } from "./list";

describe("custom fields list URL state", () => {
  it("gives the default view the bare path and round-trips a page", () => {
    expect(customFieldsList.href(customFieldsList.parse({}))).toBe("/custom-fields");
    const s = customFieldsList.update(customFieldsList.defaults, { page: 2, pageSize: 100 });
    expect(customFieldsList.href(s)).toBe("/custom-fields?page=2&page_size=100");
    expect(customFieldsList.parse(new URLSearchParams("page=2&page_size=100"))).toEqual(s);
  });

  it("parses values it does not offer to the defaults", () => {
    expect(customFieldsList.parse({ page: "abc", page_size: "7" })).toEqual(customFieldsList.defaults);
    expect(customFieldsList.parse({ page: "x", page_size: "0" })).toEqual({ ...customFieldsList.defaults, page: 1, pageSize: 20 });
    expect(customFieldsList.href(customFieldsList.parse({ page: "2", page_size: "50" }))).toBe("/custom-fields?page=2&page_size=50");
  });

  it("goes back to page 1 when the page size changes, and asks the API for that page", () => {
    const s = customFieldsList.update({ page: 5, pageSize: 20 }, { pageSize: 50 });
    expect(s).toEqual({ page: 1, pageSize: 50 });
    expect(customFieldsList.apiSearch(customFieldsList.toApiQuery(s))).toBe("page=1&page_size=50");
  });
});
