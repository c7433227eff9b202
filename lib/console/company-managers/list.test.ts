import { describe, expect, it } from "vitest";
import { managersList } from "./list";

describe("company managers list URL state", () => {
  it("gives the default view the bare path and round-trips a page", () => {
    expect(managersList.href(managersList.defaults)).toBe("/company-managers");
    expect(managersList.href(managersList.parse({}))).toBe("/company-managers");
    expect(managersList.href(managersList.parse({ page: "3" }))).toBe("/company-managers?page=3");
    const s = managersList.update(managersList.defaults, { page: 3, pageSize: 50 });
    expect(managersList.href(s)).toBe("/company-managers?page=3&page_size=50");
    expect(managersList.parse(new URLSearchParams("page=3&page_size=50"))).toEqual(s);
  });

  it("parses values it does not offer to the defaults", () => {
    expect(managersList.parse({ page: "abc", page_size: "7" })).toEqual(managersList.defaults);
    expect(managersList.parse({ page: "0", page_size: "100000" })).toEqual({ ...managersList.defaults, page: 1, pageSize: 20 });
  });

  it("goes back to page 1 when the page size changes", () => {
    expect(managersList.update({ page: 4, pageSize: 20 }, { pageSize: 100 })).toEqual({ page: 1, pageSize: 100 });
  });

  it("asks the API for the page and page size only", () => {
    const q = managersList.toApiQuery({ page: 2, pageSize: 10 });
    expect(q).toEqual({ page: 2, page_size: 10 });
    expect(managersList.apiSearch(q)).toBe("page=2&page_size=10");
    expect(managersList.apiQueryOf(new URLSearchParams("page=x&page_size=25"))).toEqual({ page: 1, page_size: 25 });
  });
});
