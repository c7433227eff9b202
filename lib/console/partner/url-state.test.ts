import { describe, expect, it } from "vitest";
import { parsePartnerListState, partnerListHref } from "./url-state";

const COMPANY = "0b9c4a5e-1f2d-4c3b-9a8e-7d6c5b4a3f21";

describe("partner employments URL state", () => {
  it("writes the company list's filters and the company, defaults left out, and reads them back", () => {
    const state = { page: 2, pageSize: 50, statuses: ["active" as const], email: "", company: COMPANY };
    const href = partnerListHref(state);
    expect(href).toBe(`/partner/employments?status=active&page=2&page_size=50&company=${COMPANY}`);
    expect(parsePartnerListState(new URL(href, "http://x").searchParams)).toEqual(state);
    expect(partnerListHref({ ...state, page: 1, pageSize: 20, statuses: [], company: "" })).toBe("/partner/employments");
  });

  it("drops a company that is not a UUID and the page search of the company list", () => {
    expect(parsePartnerListState({ company: "acme", q: "x" })).toEqual({ page: 1, pageSize: 20, statuses: [], email: "", company: "" });
  });
});
