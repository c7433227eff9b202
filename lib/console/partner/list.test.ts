import { describe, expect, it } from "vitest";
import { auditList } from "./list";

// The partner audit log's URL state (defineList): `company` is one company's log, none the
// cross-company log; a malformed company or page size parses to the default, never an error page.

const COMPANY = "00000000-0000-4000-8000-00000000000a";

describe("the partner audit list's URL", () => {
  it("parses the company, the page and the page size", () => {
    expect(auditList.parse({ company: COMPANY, page: "2", page_size: "100" })).toEqual({ company: COMPANY, page: 2, pageSize: 100 });
  });

  it("reads a malformed company as the cross-company log and an unoffered page size as the default (50)", () => {
    expect(auditList.parse({ company: "'; drop table", page_size: "7", page: "abc" })).toEqual({ company: "", page: 1, pageSize: 50 });
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
