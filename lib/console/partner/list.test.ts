import { describe, expect, it } from "vitest";
import { auditList, partnerEmploymentsList, partnerListHref } from "./list";

// The partner audit log's URL state (defineList): `company` is one company's log, none the
// cross-company log; a malformed company or page size parses to the default, never an error page.

const COMPANY = "00000000-0000-4000-8000-00000000000a";

describe("the partner audit list's URL", () => {
  it("parses the company, the page and the page size", () => {
    expect(auditList.parse({ company: COMPANY, page: "2", page_size: "100" })).toEqual({
      ...auditList.defaults,
      company: COMPANY,
      page: 2,
      pageSize: 100,
    });
  });

  it("reads a malformed company as the cross-company log and an unoffered page size as the default (50)", () => {
    expect(auditList.parse({ company: "'; drop table", page_size: "7", page: "abc" })).toEqual({
      ...auditList.defaults,
      company: "",
      page: 1,
      pageSize: 50,
    });
  });

  it("writes the company's link from the partner overview, and the default view as the bare path", () => {
    expect(auditList.hrefFor({ company: COMPANY })).toBe(`/partner/audit?company=${COMPANY}`);
    expect(auditList.href(auditList.defaults)).toBe("/partner/audit");
  });

  it("goes back to page 1 when the company changes", () => {
    expect(auditList.update({ company: "", page: 3, pageSize: 50 }, { company: COMPANY })).toEqual({
      company: COMPANY,
      page: 1,
      pageSize: 50,
    });
  });
});

describe("partner employments list declaration", () => {
  const defaults = {
    page: 1,
    pageSize: 20,
    statuses: [],
    types: [],
    country: "",
    company: "",
    q: "",
    sort: "full_name",
    order: "asc" as "asc" | "desc",
    hide: [] as string[],
  };

  it("writes every filter, the search and the sort, defaults left out, and reads them back", () => {
    const state = {
      ...defaults,
      page: 2,
      pageSize: 50,
      statuses: ["active" as const],
      types: ["contractor" as const],
      country: "PRT",
      company: COMPANY,
      q: "okafor",
      sort: "job_title",
      order: "desc" as const,
      hide: ["company", "status", "onboarding"],
    };
    const href = partnerListHref(state);
    expect(href).toBe(
      `/partner/employments?sort=job_title&order=desc&status=active&type=contractor&country=PRT&company=${COMPANY}&q=okafor&page=2&page_size=50&hide=company,status,onboarding`,
    );
    expect(partnerEmploymentsList.parse(new URL(href, "http://x").searchParams)).toEqual(state);
    expect(partnerListHref(defaults)).toBe("/partner/employments");
  });

  it("drops a company that is not a UUID, an unknown sort or order, and other invalid values", () => {
    expect(
      partnerEmploymentsList.parse({
        company: "acme",
        page: "abc",
        page_size: "7",
        status: "bogus",
        type: "robot",
        country: "portugal",
        sort: "password",
        order: "sideways",
        // The name is the row's link: never hidden.
        hide: "name,bogus",
      }),
    ).toEqual(defaults);
  });

  it("counts the company as a filter and goes back to page 1 when a filter, the search or the sort changes", () => {
    const s = { ...partnerEmploymentsList.defaults, page: 3 };
    expect(partnerEmploymentsList.hasFilters({ ...s, company: COMPANY })).toBe(true);
    for (const patch of [
      { company: COMPANY },
      { statuses: ["active" as const] },
      { q: "ana" },
      { sort: "status" },
      { order: "desc" as const },
    ])
      expect(partnerEmploymentsList.update(s, patch).page).toBe(1);
  });
});
