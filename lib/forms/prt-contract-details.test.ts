import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSchema } from "./ajv";
import { validateFormValues } from "./validate";
import { renderForm } from "@/test-support/forms/conformance";
import { createFormModel, fieldView, findField, isFieldVisible, mapServerErrors, settleForm, type FormValues } from "./index";

// Portugal's contract details, the richest real schema: conditionals (nested), a `false` subschema
// per hidden field, a computed allowance (x-jsf-logic computedValues → computedAttrs const and a
// templated statement), forced values, money in EUR cents, fieldsets, x-jsf-errorMessage. Bodies
// written by hand.

const FILE = join(process.cwd(), "../shared/fixtures/forms/PRT-contract_details.json");
const present = existsSync(FILE);

const ROLE = "Leads the payroll team, reviews monthly reports, plans the quarterly audits and trains new colleagues on the tools.";
const ASSOCIATE = "Level 3 - Associate - Employees who perform independently tasks and/or with coordination and control functions";

/** A full-time employee, as a person fills the form. */
const FULL_TIME: FormValues = {
  contract_duration_type: "indefinite",
  work_schedule: "full_time",
  probation_length_days: 90,
  available_pto_type: "fixed",
  available_pto: 25,
  role_description: ROLE,
  experience_level: ASSOCIATE,
  work_address: { is_home_address: "yes" },
  annual_gross_salary: 3_000_000,
  salary_installments_confirmation: "acknowledged",
  work_from_home_allowance_ack: "acknowledged",
  annual_training_hours_ack: "acknowledged",
  working_hours_exemption: "no",
  has_signing_bonus: "no",
  has_bonus: "no",
  has_commissions: "no",
  equity_compensation: { offer_equity_compensation: "no" },
};

describe.skipIf(!present)("PRT contract_details (by hand)", () => {
  const raw: unknown = present ? JSON.parse(readFileSync(FILE, "utf8")) : {};
  const model = present ? createFormModel(raw) : undefined!;
  const schema = present ? model.schema : {};
  const ajvAccepts = (body: FormValues) => compileSchema(schema)(body);

  it("a full-time employee: 40 hours are forced, the body is accepted", () => {
    const { body, state } = settleForm(schema, FULL_TIME);
    expect(body).toEqual({ ...FULL_TIME, work_hours_per_week: 40 });
    expect(validateFormValues(schema, FULL_TIME)).toBeNull();
    expect(ajvAccepts(body)).toBe(true);
    const hours = findField(state, "work_hours_per_week")!;
    expect(hours.forced && hours.readOnly).toBe(true);
    expect(fieldView(hours, state.scopes).statement?.title).toBe("Total of <b>40 hours</b> per week.");
    // The part-time acknowledgement is forbidden for full-time employees: hidden, never sent.
    expect(isFieldVisible(state, "part_time_salary_confirmation")).toBe(false);
  });

  it("a part-time employee: hours are asked (1–39) with the salary confirmation", () => {
    const values = { ...FULL_TIME, work_schedule: "part_time", annual_gross_salary: 900_000 };
    const { state } = settleForm(schema, values);
    expect(isFieldVisible(state, "work_hours_per_week")).toBe(true);
    expect(findField(state, "work_hours_per_week")!.forced).toBe(false);
    expect(isFieldVisible(state, "part_time_salary_confirmation")).toBe(true);
    // The forced 40 of the full-time branch is not a valid part-time answer.
    expect(validateFormValues(schema, { ...values, work_hours_per_week: 40 })).toMatchObject({
      work_hours_per_week: ["Must be at most 39"],
      part_time_salary_confirmation: ["This field is required"],
    });
    const filled = { ...values, work_hours_per_week: 20, part_time_salary_confirmation: "acknowledged" };
    expect(validateFormValues(schema, filled)).toBeNull();
    expect(ajvAccepts(model.body(filled))).toBe(true);
    // The full-time minimum salary applies only to full-time employees.
    expect(validateFormValues(schema, { ...filled, work_schedule: "full_time" })).toMatchObject({
      annual_gross_salary: ["In Portugal, full-time employees are entitled to a minimum annual salary of €12,180.00."],
    });
  });

  it("extended hours: the allowance is computed, forced, and explained with its amount", () => {
    const values = { ...FULL_TIME, working_hours_exemption: "yes", maximum_working_hours_regime: "yes" };
    const { state, body } = settleForm(schema, values);
    // 3,000,000 × 12 × 1.25 × 22 / (40 × 52 × 14) = 33,997.25 → 33,997 cents.
    expect(body.working_hours_exemption_allowance).toBe(33_997);
    const view = fieldView(findField(state, "working_hours_exemption_allowance")!, state.scopes);
    expect(view).toMatchObject({ widget: "money", currency: "EUR", readOnly: true });
    expect(view.statement?.description).toContain("additional 339.97 EUR monthly");
    expect(validateFormValues(schema, values)).toBeNull();
    expect(ajvAccepts(body)).toBe(true);
    // Without the 8-hour regime, the other rule (× 2 × 4 instead of × 22) applies.
    const noMax = settleForm(schema, { ...values, maximum_working_hours_regime: "no" });
    expect(noMax.body.working_hours_exemption_allowance).toBe(12_362);
    expect(fieldView(findField(noMax.state, "working_hours_exemption_allowance")!, noMax.state.scopes).statement?.description).toContain(
      "additional 123.62 EUR monthly",
    );
    // And without extended hours there is no allowance at all.
    expect(settleForm(schema, FULL_TIME).body).not.toHaveProperty("working_hours_exemption_allowance");
  });

  it("prunes what the active branches forbid: omitted, not null", () => {
    const typedEarlier = {
      ...FULL_TIME,
      signing_bonus_amount: 100_000,
      signing_bonus_clawback: "yes",
      bonus_details: "Yearly bonus",
      commissions_details: "5%",
      part_time_salary_confirmation: "acknowledged",
      maximum_working_hours_regime: "yes",
      work_address: {
        is_home_address: "yes",
        address: "Rua Augusta 1",
        city: "Lisboa",
        postal_code: "1100-048",
        work_in_person_days_per_week: 2,
      },
      equity_compensation: { offer_equity_compensation: "no", equity_description: "1000 options" },
    };
    const { body, values } = settleForm(schema, typedEarlier);
    for (const k of [
      "signing_bonus_amount",
      "signing_bonus_clawback",
      "bonus_details",
      "commissions_details",
      "part_time_salary_confirmation",
      "maximum_working_hours_regime",
    ]) {
      expect(body, k).not.toHaveProperty(k);
    }
    expect(body.work_address).toEqual({ is_home_address: "yes" });
    expect(body.equity_compensation).toEqual({ offer_equity_compensation: "no" });
    expect(ajvAccepts(body)).toBe(true);
    // The form keeps what was typed: switching the answer back restores it.
    expect(values.signing_bonus_amount).toBe(100_000);
    const back = settleForm(schema, { ...typedEarlier, has_signing_bonus: "yes" });
    expect(back.body).toMatchObject({ signing_bonus_amount: 100_000, signing_bonus_clawback: "yes" });
    // A hybrid work address asks for the address, inside its fieldset.
    const hybrid = settleForm(schema, { ...typedEarlier, work_address: { ...typedEarlier.work_address, is_home_address: "no" } });
    expect(isFieldVisible(hybrid.state, "work_address.city")).toBe(true);
    expect(hybrid.body.work_address).toMatchObject({ city: "Lisboa", work_in_person_days_per_week: 2 });
  });

  it("unlimited time off forces the 22-day minimum", () => {
    const { body, state } = settleForm(schema, { ...FULL_TIME, available_pto_type: "unlimited", available_pto: 30 });
    expect(body.available_pto).toBe(22);
    expect(findField(state, "available_pto")!.schema.title).toBe("Minimum paid time off days");
    expect(validateFormValues(schema, { ...FULL_TIME, available_pto: 10 })).toMatchObject({ available_pto: ["Must be at least 22"] });
  });

  it("names every blocking error, with the schema's own messages", () => {
    const errors = validateFormValues(schema, {
      ...FULL_TIME,
      probation_length_days: 10,
      annual_gross_salary: "12,00.0",
      salary_installments_confirmation: undefined,
    });
    expect(errors).toEqual({
      probation_length_days: ["Probation must be at least 15 days"],
      annual_gross_salary: ["Please, use US standard currency format. Ex: 1024.12"],
      salary_installments_confirmation: ["This field is required"],
    });
    // The anyOf of the probation fields: only the shown one is asked for.
    const { probation_length_days: _omitted, ...withoutProbation } = FULL_TIME;
    expect(validateFormValues(schema, withoutProbation)).toEqual({ probation_length_days: ["This field is required"] });
    expect(validateFormValues(schema, { ...FULL_TIME, annual_training_hours_ack: "yes" })).toEqual({
      annual_training_hours_ack: ["Tick the box to confirm"],
    });
  });

  it("maps the API's 422 errors of the section onto its fields", () => {
    const mapped = mapServerErrors(
      {
        "contract_details.annual_gross_salary": ["must be greater than or equal to 12,180.00 EUR"],
        "contract_details.work_address.city": ["is required"],
        contract_details: ["Form not available for requested country"],
      },
      "contract_details",
    );
    expect(mapped).toEqual({
      annual_gross_salary: ["must be greater than or equal to 12,180.00 EUR"],
      "work_address.city": ["is required"],
      "": ["Form not available for requested country"],
    });
    const html = renderForm(raw, { ...FULL_TIME, work_address: { is_home_address: "no" } }, mapped);
    expect(html).toContain("3 problems prevent saving this form");
    expect(html).toContain('href="#root.annual_gross_salary"');
    expect(html).toContain('href="#root.work_address.city"');
    expect(html).toContain("Must be greater than or equal to 12,180.00 EUR");
  });

  it("renders money in euros, statements, fieldsets, and no hidden field", () => {
    const html = renderForm(raw, { ...FULL_TIME, working_hours_exemption: "yes", maximum_working_hours_regime: "yes" });
    expect(html).toMatch(/<span id="root\.annual_gross_salary__currency"[^>]*>EUR<\/span>/);
    expect(html).toMatch(/id="root\.annual_gross_salary"[^>]*value="30000\.00"|value="30000\.00"[^>]*id="root\.annual_gross_salary"/);
    expect(html).toContain("additional 339.97 EUR monthly");
    expect(html).toContain("Total of <b>40 hours</b> per week.");
    expect(html).toContain(">Extended work hours<");
    expect(html).toContain(">Work Address<");
    expect(html).not.toContain('id="root.part_time_salary_confirmation"');
    expect(html).not.toContain('id="root.contract_duration"'); // deprecated and read-only
    expect(html).not.toContain('id="root.work_address.city"');
  });
});
