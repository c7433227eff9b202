import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CONTRACT_AMENDMENT_STATUSES } from "@/lib/contract";
import { changeRows, formatChangeValue, isOpenAmendment, reasonLabel } from "./labels";
import { amendmentsList, amendmentsOfEmploymentHref, type AmendmentListState } from "./list";
import { newAmendmentHref } from "./links";
import { withView } from "@/test-support/list-view";

const PAGE_SIZES = [10, 20, 50, 100];
const stateArb: fc.Arbitrary<AmendmentListState> = withView(
  amendmentsList,
  fc.record({
    page: fc.integer({ min: 1, max: 5000 }),
    pageSize: fc.constantFrom(...PAGE_SIZES),
    employmentId: fc.oneof(fc.constant(""), fc.uuid()),
    statuses: fc
      .uniqueArray(fc.constantFrom(...CONTRACT_AMENDMENT_STATUSES))
      .map((s) => CONTRACT_AMENDMENT_STATUSES.filter((x) => s.includes(x))),
  }),
);
const query = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");

describe("contract amendments list URL state", () => {
  it("round-trips every state and gives it one URL", () => {
    fc.assert(fc.property(stateArb, (s) => void expect(amendmentsList.parse(query(amendmentsList.href(s)))).toEqual(s)));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("page", "page_size", "employment_id", "status"), fc.string()), (raw) => {
        const once = amendmentsList.href(amendmentsList.parse(raw));
        expect(amendmentsList.href(amendmentsList.parse(query(once)))).toBe(once);
      }),
    );
  });

  it("reads statuses from a comma list, in the contract's order, and drops unknown ones", () => {
    const s = amendmentsList.parse({ status: "done,submitted,bogus", employment_id: "e-1" });
    expect(s).toEqual({ ...amendmentsList.defaults, statuses: ["submitted", "done"], employmentId: "e-1" });
    expect(amendmentsList.href(s)).toBe("/contract-amendments?employment_id=e-1&status=submitted,done");
    expect(amendmentsList.href(amendmentsList.defaults)).toBe("/contract-amendments");
  });

  it("parses invalid values to the defaults", () => {
    expect(amendmentsList.parse({ page: "abc", page_size: "7", status: "bogus", employment_id: "<script>" })).toEqual(
      amendmentsList.defaults,
    );
  });

  it("goes back to page 1 when a filter changes, and maps to the API's query", () => {
    const s = { ...amendmentsList.defaults, page: 3 };
    expect(amendmentsList.update(s, { statuses: ["done"] }).page).toBe(1);
    expect(amendmentsList.update(s, { statuses: [] }).page).toBe(3);
    expect(amendmentsList.update(s, { employmentId: "e" }).page).toBe(1);
    const q = amendmentsList.toApiQuery({ page: 2, pageSize: 10, employmentId: "e", statuses: ["in_review", "submitted"] });
    expect(q).toEqual({ page: 2, page_size: 10, employment_id: "e", status: ["submitted", "in_review"] });
    expect(amendmentsList.apiSearch(q)).toBe("page=2&page_size=10&employment_id=e&status=submitted%2Cin_review");
  });

  it("links an employment's amendments and its amendment form", () => {
    expect(amendmentsOfEmploymentHref("abc")).toBe("/contract-amendments?employment_id=abc");
    expect(newAmendmentHref("abc")).toBe("/contract-amendments/new?employment_id=abc");
    expect(newAmendmentHref()).toBe("/contract-amendments/new");
  });
});

describe("amendment labels", () => {
  it("names reasons, open statuses and changed terms", () => {
    expect(reasonLabel("annual_pay_adjustment")).toBe("Annual pay adjustment");
    expect(reasonLabel("job_change_reevaluation")).toBe("Job change or reevaluation");
    expect(reasonLabel("Relocation to Porto")).toBe("Relocation to Porto");
    expect(reasonLabel(null)).toBeNull();
    expect(CONTRACT_AMENDMENT_STATUSES.filter(isOpenAmendment)).toEqual(["submitted", "in_review"]);
  });

  it("lists changes salary first, with readable values", () => {
    const rows = changeRows(
      {
        "contract_details.work_schedule": { previous: "full_time", current: "part_time" },
        "contract.job_title": { previous: "Engineer", current: "Senior Engineer" },
        "compensation.amount": { previous: 3_000_000, current: 3_300_000 },
        "contract_details.probation_length": { previous: null, current: 60 },
      },
      "EUR",
    );
    expect(rows.map((r) => [r.label, r.previous, r.requested])).toEqual([
      ["Annual gross salary", "30,000.00 EUR", "33,000.00 EUR"],
      ["Job title", "Engineer", "Senior Engineer"],
      ["Probation length", "—", "60"],
      ["Work schedule", "Full-time", "Part-time"],
    ]);
    expect(formatChangeValue("contract_details.start", "2026-07-01")).toBe("1 Jul 2026");
    expect(formatChangeValue("x", true)).toBe("Yes");
  });
});

describe("creating an amendment", async () => {
  const { amendmentUnavailableReason, amendable, splitAmendmentErrors, toCreateAmendmentBody } = await import("./create");
  const country = { code: "PRT", name: "Portugal", alpha_2_code: "PT" } as never;
  it("is offered for EOR employees that are not leaving, with a country", () => {
    expect(amendmentUnavailableReason({ type: "employee", employment_model: "eor", status: "active", country })).toBeNull();
    expect(amendmentUnavailableReason({ type: "contractor", employment_model: null, status: "active", country })).toMatch(/Contractor/);
    expect(amendmentUnavailableReason({ type: "employee", employment_model: "eor", status: "offboarding", country })).toMatch(
      /Offboarding/,
    );
    expect(amendmentUnavailableReason({ type: "employee", employment_model: "eor", status: "active", country: null })).toMatch(
      /no country/,
    );
    expect(amendable({ type: "employee", employment_model: "eor", status: "active" })).toBe(true);
    expect(amendable({ type: "employee", employment_model: "peo", status: "active" })).toBe(false);
  });

  it("wraps the form's body and maps the API's 422 errors back onto it", () => {
    expect(toCreateAmendmentBody("e1", "c1", { reason_for_change: "promotion" })).toEqual({
      employment_id: "e1",
      amendment_contract_id: "c1",
      contract_amendment: { reason_for_change: "promotion" },
    });
    expect(
      splitAmendmentErrors({
        "contract_amendment.effective_date": ["too soon"],
        contract_amendment: ["must change something"],
        employment_id: ["bad"],
      }),
    ).toEqual({
      form: { effective_date: ["too soon"], "": ["must change something"] },
      other: ["employment_id: bad"],
    });
  });
});
