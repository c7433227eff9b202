import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { payslipsList, payslipsOfEmploymentHref, type PayslipListState } from "./list";
import { dateWindowError } from "./list";
import { withView } from "@/test-support/list-view";
import { currencyOfContractForm, filenameFromDisposition, formatPeriod, previousMonth } from "./format";

const isoDay = fc
  .date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const stateArb: fc.Arbitrary<PayslipListState> = withView(
  payslipsList,
  fc.record({
    page: fc.integer({ min: 1, max: 5000 }),
    pageSize: fc.constantFrom(10, 20, 50, 100),
    employmentId: fc.oneof(fc.constant(""), fc.uuid()),
    startDate: fc.oneof(fc.constant(""), isoDay),
    endDate: fc.oneof(fc.constant(""), isoDay),
  }),
);
const query = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");

describe("payslips list URL state", () => {
  it("reads the defaults from an empty URL and writes none back", () => {
    expect(payslipsList.parse(new URLSearchParams())).toEqual(payslipsList.defaults);
    expect(payslipsList.defaults).toEqual({
      page: 1,
      pageSize: 20,
      employmentId: "",
      startDate: "",
      endDate: "",
      sort: "",
      order: "asc",
      hide: [],
    });
    expect(payslipsList.href(payslipsList.defaults)).toBe("/payslips");
  });

  it("round-trips every state through the URL", () => {
    fc.assert(fc.property(stateArb, (s) => void expect(payslipsList.parse(query(payslipsList.href(s)))).toEqual(s)));
  });

  it("gives one state one URL (href ∘ parse is idempotent)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("page", "page_size", "employment_id", "start_date", "end_date", "x"), fc.string()),
        (raw) => {
          const once = payslipsList.href(payslipsList.parse(raw));
          expect(payslipsList.href(payslipsList.parse(query(once)))).toBe(once);
        },
      ),
    );
  });

  it("drops values the API would refuse: impossible dates, odd ids, out-of-range pages, page sizes not offered", () => {
    expect(
      payslipsList.parse({ start_date: "2026-02-30", end_date: "2026-13-01", employment_id: "a b;c", page: "0", page_size: "500" }),
    ).toEqual(payslipsList.defaults);
    expect(payslipsList.parse({ page: "abc", page_size: "7" })).toEqual(payslipsList.defaults);
    expect(payslipsList.parse({ start_date: " 2026-02-01 ", page: "3" })).toMatchObject({ startDate: "2026-02-01", page: 3 });
  });

  it("links one employment's payslips", () => {
    expect(payslipsOfEmploymentHref("2b6a3b8e-8a3c-4c39-9a49-2d7a2f1c0a11")).toBe(
      "/payslips?employment_id=2b6a3b8e-8a3c-4c39-9a49-2d7a2f1c0a11",
    );
  });

  it("goes back to page 1 when a filter changes", () => {
    const s = { ...payslipsList.defaults, page: 4 };
    expect(payslipsList.update(s, { startDate: "2026-01-01" }).page).toBe(1);
    expect(payslipsList.update(s, { employmentId: "x" }).page).toBe(1);
    expect(payslipsList.update(s, { pageSize: 50 }).page).toBe(1);
    expect(payslipsList.update(s, { startDate: "" }).page).toBe(4);
    expect(payslipsList.update(s, { page: 7 }).page).toBe(7);
  });

  it("maps to the API's query and refuses an inverted window before the API does", () => {
    const q = payslipsList.toApiQuery({ page: 2, pageSize: 50, employmentId: "e1", startDate: "2026-01-01", endDate: "2026-03-31" });
    expect(q).toEqual({ page: 2, page_size: 50, employment_id: "e1", start_date: "2026-01-01", end_date: "2026-03-31" });
    expect(payslipsList.apiSearch(q)).toBe("page=2&page_size=50&employment_id=e1&start_date=2026-01-01&end_date=2026-03-31");
    expect(payslipsList.toApiQuery(payslipsList.defaults)).toEqual({ page: 1, page_size: 20 });
    expect(dateWindowError("2026-03-01", "2026-02-01")).toMatch(/on or after/);
    expect(dateWindowError("2026-03-01", "2026-03-01")).toBeNull();
    expect(dateWindowError("", "2026-03-01")).toBeNull();
  });
});

describe("payslip formatting", () => {
  it("names periods and the month before today", () => {
    expect(formatPeriod("2026-02-01")).toBe("February 2026");
    expect(formatPeriod("2025-12")).toBe("December 2025");
    expect(formatPeriod("nope")).toBe("nope");
    expect(previousMonth(new Date("2026-01-15T00:00:00Z"))).toBe("2025-12");
    expect(previousMonth(new Date("2026-03-31T23:00:00Z"))).toBe("2026-02");
  });

  it("reads an employment's currency from its country's contract form", () => {
    const form = { properties: { annual_gross_salary: { "x-jsf-presentation": { inputType: "money", currency: "EUR" } } } };
    expect(currencyOfContractForm(form)).toBe("EUR");
    expect(currencyOfContractForm({ properties: { annual_gross_salary: { "x-jsf-presentation": { currency: "euro" } } } })).toBeNull();
    expect(currencyOfContractForm({ properties: {} })).toBeNull();
    expect(currencyOfContractForm(undefined)).toBeNull();
  });

  it("reads the file name of Content-Disposition", () => {
    expect(filenameFromDisposition('attachment; filename="payslip-AB12-2026-02.pdf"', "x.pdf")).toBe("payslip-AB12-2026-02.pdf");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''payslip%20f%C3%A9v.pdf", "x.pdf")).toBe("payslip fév.pdf");
    expect(filenameFromDisposition(null, "x.pdf")).toBe("x.pdf");
    expect(filenameFromDisposition("attachment", "x.pdf")).toBe("x.pdf");
  });
});
