import { describe, expect, it } from "vitest";
import { EmploymentSchema } from "@/lib/contract";
import { FIELDS_SHOWN_ELSEWHERE, flattenSection, formSections, groupEmploymentFields } from "./detail-groups";
import { makeEmployment } from "@/test-support/console/employment-fixtures";

const contractor = () =>
  makeEmployment({
    type: "contractor",
    employment_model: null,
    contractor_type: "plus",
    contractor_settings: { requires_work_confirmation: true },
    contractor_rate: { amount: { amount: 1234.5, currency: { code: "EUR" } }, pay_frequency: "monthly", slug: "rate-1", type: "hourly" },
  });

describe("detail grouping", () => {
  it("shows every field of the contract, in a group or in its own card", () => {
    const shown = new Set([
      ...groupEmploymentFields(contractor()).flatMap((g) => g.rows.map((r) => r.key.split(".")[0])),
      ...FIELDS_SHOWN_ELSEWHERE,
    ]);
    const missing = Object.keys(EmploymentSchema.shape).filter((k) => !shown.has(k));
    expect(missing).toEqual([]);
  });

  it("groups for reading: identity, job, dates, country, pricing, identifiers", () => {
    const ids = groupEmploymentFields(makeEmployment()).map((g) => g.id);
    expect(ids).toEqual(["employment", "identity", "job", "dates", "country", "pricing", "identifiers"]);
  });

  it("adds the contractor group for contractors only, with the rate", () => {
    const groups = groupEmploymentFields(contractor());
    const c = groups.find((g) => g.id === "contractor");
    expect(c?.rows.find((r) => r.key === "contractor_rate.amount")?.value).toEqual({ kind: "text", text: "1,234.50 EUR" });
    expect(c?.rows.find((r) => r.key === "contractor_settings.requires_work_confirmation")?.value).toEqual({
      kind: "boolean",
      value: true,
    });
    expect(groupEmploymentFields(makeEmployment()).some((g) => g.id === "contractor")).toBe(false);
  });

  it("says what an empty value means", () => {
    const job = groupEmploymentFields(
      makeEmployment({ manager: undefined, manager_email: null, department: null, department_id: null }),
    ).find((g) => g.id === "job");
    expect(job?.rows.find((r) => r.key === "manager")?.value).toEqual({ kind: "empty", text: "No manager assigned" });
    expect(job?.rows.find((r) => r.key === "department")?.value).toEqual({ kind: "empty", text: "No department" });
  });

  it("links the manager's employment when the manager is managed through the service", () => {
    const id = "2b6a3b8e-8a3c-4c39-9a49-2d7a2f1c0a11";
    const job = groupEmploymentFields(makeEmployment({ manager_employment_id: id })).find((g) => g.id === "job");
    expect(job?.rows.find((r) => r.key === "manager_employment_id")?.value).toMatchObject({ kind: "link", href: `/employments/${id}` });
  });

  it("handles an employment without a country", () => {
    const country = groupEmploymentFields(makeEmployment({ country: null })).find((g) => g.id === "country");
    expect(country?.rows).toEqual([{ key: "country", label: "Country", value: { kind: "empty", text: "No country" } }]);
  });
});

describe("country-form sections", () => {
  it("flattens nested values to labelled paths", () => {
    expect(flattenSection({ address: { city: "Berlin", postal_code: "10115" }, tags: ["a", "b"], has_kids: false })).toEqual([
      { path: "address.city", label: "Address › City", value: "Berlin" },
      { path: "address.postal_code", label: "Address › Postal code", value: "10115" },
      { path: "tags", label: "Tags", value: "a, b" },
      { path: "has_kids", label: "Has kids", value: "No" },
    ]);
    expect(flattenSection([{ iban: "DE00" }, { iban: "DE01" }])).toEqual([
      { path: "0.iban", label: "#1 › Iban", value: "DE00" },
      { path: "1.iban", label: "#2 › Iban", value: "DE01" },
    ]);
  });

  it("labels the same paths alike when read again, past the bound of kept labels", () => {
    const first = flattenSection({ address: { city: "Berlin" }, "0": { street_name: "A" } });
    // More distinct paths than are kept, then the first ones again: every label is still its path's.
    for (let i = 0; i < 2_100; i++)
      expect(flattenSection({ [`field_${i}`]: { [`part_${i}`]: 1 } })[0]!.label).toBe(`Field ${i} › Part ${i}`);
    expect(flattenSection({ address: { city: "Berlin" }, "0": { street_name: "A" } })).toEqual(first);
    expect(first.map((e) => e.label)).toEqual(["#1 › Street name", "Address › City"]);
  });

  it("lists the nine sections, empty when unfilled", () => {
    const sections = formSections(makeEmployment({ personal_details: { name: "Zoë" } }));
    expect(sections).toHaveLength(9);
    expect(sections.find((s) => s.key === "personal_details")?.entries).toEqual([{ path: "name", label: "Name", value: "Zoë" }]);
    expect(sections.find((s) => s.key === "bank_account_details")?.entries).toEqual([]);
  });
});
