import { describe, expect, it } from "vitest";
import { partnerEmploymentsList, partnerListHref } from "./url-state";

const COMPANY = "0b9c4a5e-1f2d-4c3b-9a8e-7d6c5b4a3f21";

describe("partner employments list declaration", () => {
  it("writes the company list's filters and the company, defaults left out, and reads them back", () => {
    const state = { page: 2, pageSize: 50, statuses: ["active" as const], email: "", company: COMPANY };
    const href = partnerListHref(state);
    expect(href).toBe(`/partner/employments?status=active&company=${COMPANY}&page=2&page_size=50`);
    expect(partnerEmploymentsList.parse(new URL(href, "http://x").searchParams)).toEqual(state);
    expect(partnerListHref({ ...state, page: 1, pageSize: 20, statuses: [], company: "" })).toBe("/partner/employments");
  });

  it("drops a company that is not a UUID, invalid values and the page search of the company list", () => {
    expect(partnerEmploymentsList.parse({ company: "acme", q: "x", page: "abc", page_size: "7", status: "bogus" })).toEqual({
      page: 1,
      pageSize: 20,
      statuses: [],
      email: "",
      company: "",
    });
  });

  it("counts the company as a filter and goes back to page 1 when it changes", () => {
    const s = { ...partnerEmploymentsList.defaults, page: 3 };
    expect(partnerEmploymentsList.hasFilters({ ...s, company: COMPANY })).toBe(true);
    expect(partnerEmploymentsList.update(s, { company: COMPANY }).page).toBe(1);
    expect(partnerEmploymentsList.update(s, { statuses: ["active"] }).page).toBe(1);
  });
});
