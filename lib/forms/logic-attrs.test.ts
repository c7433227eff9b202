import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFormModel, fieldView, findField, isFieldVisible, settleForm, type JsonSchema } from "./index";
import { validateFormValues } from "./validate";

// x-jsf-logic at work: JSON Logic validations named by fields, computed attributes (bounds with
// templated messages, titles, input types, forced values) and the provider's date operators.

const FIXTURES = join(process.cwd(), "../shared/fixtures/forms");
const load = (file: string) => createFormModel(JSON.parse(readFileSync(join(FIXTURES, file), "utf8"))).schema;
const present = existsSync(FIXTURES);

describe("x-jsf-logic validations", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      start: { type: "string", format: "date", title: "Start", "x-jsf-presentation": { inputType: "date" } },
      end: {
        type: "string",
        format: "date",
        title: "End",
        "x-jsf-logic-validations": ["end_after_start"],
        "x-jsf-presentation": { inputType: "date" },
      },
      days: {
        type: "integer",
        title: "Days",
        "x-jsf-logic-computedAttrs": { const: "span", default: "span" },
        "x-jsf-presentation": { inputType: "number" },
      },
    },
    "x-jsf-logic": {
      validations: {
        end_after_start: {
          rule: { ">": [{ date_diff: [{ var: "start" }, { var: "end" }, "days"] }, 0] },
          errorMessage: "Must be after {{start_label}}",
        },
      },
      computedValues: {
        span: { rule: { date_diff: [{ var: "start" }, { var: "end" }, "days"] } },
        start_label: { rule: { cat: ["the start (", { var: "start" }, ")"] } },
      },
    },
  };

  it("reports a failing rule on the fields that name it, its message templated", () => {
    expect(validateFormValues(schema, { start: "2026-05-10", end: "2026-05-01" })).toEqual({
      end: ["Must be after the start (2026-05-10)"],
    });
    expect(validateFormValues(schema, { start: "2026-05-01", end: "2026-05-10" })).toBeNull();
  });

  it("forces a computed value, and leaves it out while it cannot be computed", () => {
    expect(settleForm(schema, { start: "2026-05-01", end: "2026-05-10" }).body).toEqual({
      start: "2026-05-01",
      end: "2026-05-10",
      days: 9,
    });
    expect(settleForm(schema, { start: "2026-05-01" }).body).toEqual({ start: "2026-05-01" });
  });
});

describe.skipIf(!present)("computed attributes of the provider's forms", () => {
  it("DEU engagement agreement: the maximum salary's minimum is the minimum salary, with its message", () => {
    const schema = load("DEU-engagement_agreement_details.json");
    const errors = validateFormValues(schema, {
      has_business_presence: "no",
      has_similar_roles: "yes",
      min_annual_gross_salary: 5_000_000,
      max_annual_gross_salary: 4_000_000,
    });
    expect(errors?.max_annual_gross_salary).toEqual(["Must be 50,000 EUR or greater."]);
    // The minimum salary's own computed minimum follows the hours (40 h × 14.53 × 52 = 30,222.40 EUR).
    const low = validateFormValues(schema, {
      has_business_presence: "no",
      has_similar_roles: "yes",
      work_hours_per_week: 40,
      min_annual_gross_salary: 2_000_000,
    });
    expect(low?.min_annual_gross_salary).toEqual(["Must be 30,222.4 EUR or greater."]);
  });

  it("FRA contract details: computed title, computed input type, date operators", () => {
    const schema = load("FRA-contract_details.json");
    const base = {
      has_wage_portage_higher_degree: "yes",
      has_wage_portage_years_of_experience: "yes",
      contract_duration_type: "fixed_term",
      probation_length_recommended: "recommended",
    };
    // A 4-month fixed term: the recommended probation is 1 day per week worked (17 weeks → capped at 14 days).
    const short = settleForm(schema, { ...base, contract_end_date: "2027-01-03" });
    const option = fieldView(findField(short.state, "probation_length_recommended")!, short.state.scopes).options?.[0];
    expect(option?.label).toBe("14 days");
    expect(short.body.probation_length_days).toBe(14);
    expect(isFieldVisible(short.state, "probation_length_days")).toBe(false); // computed inputType "hidden"
    // Choosing a custom length shows the days field (computed inputType "number").
    const custom = settleForm(schema, { ...base, contract_end_date: "2027-01-03", probation_length_recommended: "custom" });
    expect(isFieldVisible(custom.state, "probation_length_days")).toBe(true);
    // An indefinite contract: 4 months, forced on the months field.
    const indefinite = settleForm(schema, { ...base, contract_duration_type: "indefinite" });
    expect(indefinite.body.probation_length).toBe(4);
    expect(indefinite.body).not.toHaveProperty("probation_length_days");
  });

  it("FRA: not eligible for wage portage — every other field is forbidden and the statement says why", () => {
    const schema = load("FRA-contract_details.json");
    const { state, body } = settleForm(schema, {
      has_wage_portage_higher_degree: "no",
      has_wage_portage_years_of_experience: "no",
      annual_gross_salary: 5_000_000,
    });
    expect(body).toEqual({ has_wage_portage_higher_degree: "no", has_wage_portage_years_of_experience: "no" });
    const view = fieldView(findField(state, "wage_portage_eligibility")!, state.scopes);
    expect(view).toMatchObject({ widget: "statement", hidden: false });
    expect(view.statement).toMatchObject({ severity: "error", title: "Not eligible for wage portage" });
  });
});
