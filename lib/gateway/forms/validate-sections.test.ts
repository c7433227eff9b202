import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT_IN_COUNTRIES } from "./countries";
import { exampleSection } from "./examples";
import { compileSchema as compileFormSchema } from "@/lib/forms/ajv";
import { validateFormData } from "@/lib/forms/validate";

const schemaOf = (code: string, form: keyof NonNullable<ReturnType<typeof BUILT_IN_COUNTRIES.get>>["forms"]) => {
  const country = BUILT_IN_COUNTRIES.get(code);
  if (!country) throw new Error(`no ${code}`);
  return country.forms[form].schema;
};

/** An example with some fields changed; `undefined` removes a field. */
function edit(data: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data, ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete out[k];
  return out;
}

describe("PRT contract_details: every branch of every conditional", () => {
  const schema = schemaOf("PRT", "contract_details");
  const check = (data: unknown) => validateFormData(schema, data);
  // Variant 0: full-time, indefinite, no bonus, equity; 1: part-time 24 h with a bonus; 2: full-time fixed term with a bonus.
  const fullTime = exampleSection("PRT", "contract_details", 0);
  const partTime = exampleSection("PRT", "contract_details", 1);
  const fixedTerm = exampleSection("PRT", "contract_details", 2);

  it("the examples are the branches they claim to be, and valid", () => {
    expect(fullTime).toMatchObject({ work_schedule: "full_time", contract_duration_type: "indefinite", has_bonus: "no" });
    expect(partTime).toMatchObject({ work_schedule: "part_time", work_hours_per_week: 24, has_bonus: "yes" });
    expect(fixedTerm).toMatchObject({ work_schedule: "full_time", contract_duration_type: "fixed_term" });
    for (const data of [fullTime, partTime, fixedTerm]) expect(check(data)).toBeNull();
  });

  describe("full-time branch", () => {
    it("forces the statutory 40 hours and requires them", () => {
      expect(check(edit(fullTime, { work_hours_per_week: 35 }))).toEqual({ work_hours_per_week: ["must be 40"] });
      expect(check(edit(fullTime, { work_hours_per_week: undefined }))).toEqual({ work_hours_per_week: ["is required"] });
    });
    it("forbids the part-time confirmation", () => {
      expect(check(edit(fullTime, { part_time_salary_confirmation: "acknowledged" }))).toEqual({
        part_time_salary_confirmation: ["is not allowed"],
      });
    });
    it("applies the country minimum salary with its x-jsf-errorMessage", () => {
      expect(check(edit(fullTime, { annual_gross_salary: 1_217_999 }))).toEqual({
        annual_gross_salary: ["In Portugal a full-time employee earns at least €12,180.00 a year (14 payments of €870.00)."],
      });
      expect(check(edit(fullTime, { annual_gross_salary: 1_218_000 }))).toBeNull();
    });
    it("applies the statutory minimum of paid time off (message from the branch)", () => {
      expect(check(edit(fullTime, { available_pto: 20 }))).toEqual({
        available_pto: ["Full-time employees in Portugal are entitled to at least 22 days of paid time off."],
      });
    });
  });

  describe("part-time branch", () => {
    it("requires the hours and the salary confirmation", () => {
      expect(check(edit(partTime, { work_hours_per_week: undefined, part_time_salary_confirmation: undefined }))).toEqual({
        work_hours_per_week: ["is required"],
        part_time_salary_confirmation: ["is required"],
      });
    });
    it("keeps the hours below a full-time week", () => {
      expect(check(edit(partTime, { work_hours_per_week: 40 }))).toEqual({ work_hours_per_week: ["must be less than or equal to 39.5"] });
      expect(check(edit(partTime, { work_hours_per_week: 0 }))).toMatchObject({
        work_hours_per_week: ["must be greater than or equal to 1"],
      });
    });
    it("enforces the pro-rata minimum computed with JSON Logic (x-jsf-logic-computedAttrs)", () => {
      // 20 hours: 12,180.00 × 20 / 40 = 6,090.00
      expect(
        check(
          edit(partTime, {
            work_hours_per_week: 20,
            annual_gross_salary: 608_999,
            has_bonus: "no",
            bonus_amount: undefined,
            bonus_details: undefined,
          }),
        ),
      ).toEqual({
        annual_gross_salary: ["For this part-time schedule the minimum annual gross salary is 6,090 EUR."],
      });
      // The full-time minimum does not apply to a part-time salary.
      expect(
        check(
          edit(partTime, {
            work_hours_per_week: 20,
            annual_gross_salary: 609_000,
            has_bonus: "no",
            bonus_amount: undefined,
            bonus_details: undefined,
          }),
        ),
      ).toBeNull();
    });
  });

  it("without a schedule, the hours are forbidden (innermost else)", () => {
    expect(check(edit(fullTime, { work_schedule: undefined }))).toEqual({
      work_schedule: ["is required"],
      work_hours_per_week: ["is not allowed"],
    });
  });

  it("rejects an option that is not in the list", () => {
    expect(check(edit(fullTime, { work_schedule: "weekends" }))).toMatchObject({
      work_schedule: ['must be one of: "full_time", "part_time"'],
    });
  });

  describe("contract duration", () => {
    it("fixed term requires the months and the legal reason, with a country maximum", () => {
      expect(check(edit(fixedTerm, { contract_duration_months: undefined, fixed_term_reason: undefined }))).toEqual({
        contract_duration_months: ["is required"],
        fixed_term_reason: ["is required"],
      });
      expect(check(edit(fixedTerm, { contract_duration_months: 25 }))).toEqual({
        contract_duration_months: ["A fixed-term contract in Portugal can last at most 24 months."],
      });
    });
    it("indefinite forbids them, even as null", () => {
      expect(check(edit(fullTime, { contract_duration_months: 6, fixed_term_reason: null }))).toEqual({
        contract_duration_months: ["is not allowed"],
        fixed_term_reason: ["is not allowed"],
      });
    });
  });

  describe("bonus", () => {
    it("yes requires the amount (money, minor units)", () => {
      expect(check(edit(partTime, { bonus_amount: undefined }))).toEqual({ bonus_amount: ["is required"] });
      expect(check(edit(partTime, { bonus_amount: 1500.5 }))).toEqual({
        bonus_amount: ["Enter the amount in EUR cents, as an integer (e.g. 150000 for 1,500.00 EUR)."],
      });
    });
    it("no forbids the amount and the details", () => {
      expect(check(edit(fullTime, { bonus_amount: 100_000, bonus_details: "x" }))).toEqual({
        bonus_amount: ["is not allowed"],
        bonus_details: ["is not allowed"],
      });
    });
    it("the JSON Logic validation keeps the bonus within the salary, reported on the referencing field", () => {
      const salary = partTime.annual_gross_salary as number;
      expect(check(edit(partTime, { bonus_amount: salary + 1 }))).toEqual({
        bonus_amount: ["The target bonus cannot be higher than the annual gross salary."],
      });
      expect(check(edit(partTime, { bonus_amount: salary }))).toBeNull();
    });
  });

  describe("nested fieldset (equity_compensation)", () => {
    it("reports nested paths for its own conditional", () => {
      expect(check(edit(fullTime, { equity_compensation: { offer_equity_compensation: "yes" } }))).toEqual({
        "equity_compensation.equity_description": ["is required"],
      });
      expect(check(edit(fullTime, { equity_compensation: { offer_equity_compensation: "no", equity_description: "x" } }))).toEqual({
        "equity_compensation.equity_description": ["is not allowed"],
      });
      expect(check(edit(fullTime, { equity_compensation: { offer_equity_compensation: "no", vesting: 4 } }))).toEqual({
        "equity_compensation.vesting": ["is not allowed"],
      });
      expect(check(edit(fullTime, { equity_compensation: {} }))).toEqual({
        "equity_compensation.offer_equity_compensation": ["is required"],
      });
    });
  });

  describe("Portugal's own rules", () => {
    it("probation by role category, an else-if chain with per-branch messages", () => {
      expect(check(edit(fullTime, { role_category: "general", probation_period_days: 91 }))).toEqual({
        probation_period_days: ["Probation for this role cannot exceed 90 days."],
      });
      expect(check(edit(fullTime, { role_category: "technical", probation_period_days: 181 }))).toEqual({
        probation_period_days: ["Probation for technical or trust roles cannot exceed 180 days."],
      });
      expect(check(edit(fullTime, { role_category: "management", probation_period_days: 240 }))).toBeNull();
      expect(check(edit(fullTime, { role_category: "management", probation_period_days: 241 }))).toEqual({
        probation_period_days: ["The probation period in Portugal cannot exceed 240 days."],
      });
    });
    it("meal allowance: required for card and cash with their tax-exempt maximums, forbidden for none", () => {
      expect(check(edit(fullTime, { meal_allowance_type: "card", meal_allowance_daily: 1021 }))).toEqual({
        meal_allowance_daily: ["Meal cards are tax-exempt up to €10.20 a day: pay any excess with the salary."],
      });
      expect(check(edit(fullTime, { meal_allowance_type: "cash", meal_allowance_daily: 601 }))).toEqual({
        meal_allowance_daily: ["Cash meal allowances are tax-exempt up to €6.00 a day."],
      });
      expect(check(edit(fullTime, { meal_allowance_type: "cash", meal_allowance_daily: undefined }))).toEqual({
        meal_allowance_daily: ["is required"],
      });
      expect(check(edit(fullTime, { meal_allowance_type: "none", meal_allowance_daily: 500 }))).toEqual({
        meal_allowance_daily: ["is not allowed"],
      });
    });
  });

  it("reports unknown properties on themselves and custom minLength messages", () => {
    expect(check(edit(fullTime, { favourite_colour: "blue", role_description: "Too short." }))).toEqual({
      favourite_colour: ["is not allowed"],
      role_description: ["Describe the role in at least 50 characters."],
    });
  });

  it("reports a body that is not an object on the section itself", () => {
    expect(check(null)).toEqual({ "": ["must be an object"] });
    expect(check([fullTime])).toEqual({ "": ["must be an object"] });
  });
});

describe("other forms", () => {
  it("employment_basic_information: seniority date both ways, JSON Logic date rule, nested manager id", () => {
    const schema = schemaOf("PRT", "employment_basic_information");
    const base: Record<string, unknown> = { ...exampleSection("PRT", "employment_basic_information", 0), has_seniority_date: "no" };
    delete base.seniority_date;
    expect(validateFormData(schema, base)).toBeNull();
    expect(validateFormData(schema, { ...base, has_seniority_date: "yes" })).toEqual({ seniority_date: ["is required"] });
    expect(validateFormData(schema, { ...base, seniority_date: "2020-01-01" })).toEqual({ seniority_date: ["is not allowed"] });
    expect(validateFormData(schema, { ...base, seniority_date: null })).toEqual({ seniority_date: ["is not allowed"] });
    expect(validateFormData(schema, { ...base, has_seniority_date: "yes", seniority_date: "2030-01-01" })).toEqual({
      seniority_date: ["The seniority date cannot be later than the provisional start date."],
    });
    expect(validateFormData(schema, { ...base, has_seniority_date: "yes", seniority_date: "2030-02-30" })).toEqual({
      seniority_date: ["must be a valid date (YYYY-MM-DD)"],
    });
    expect(validateFormData(schema, { ...base, manager: { id: "not-a-uuid" }, department: { id: null } })).toEqual({
      "manager.id": ["must be a valid UUID"],
    });
    expect(validateFormData(schema, { ...base, manager: { id: "4f1c1c38-7f6a-4d1e-9a0b-2b7f0a0c9e11" }, department: null })).toBeNull();
    expect(validateFormData(schema, { ...base, email: "nope" })).toEqual({ email: ["must be a valid email address"] });
  });

  it("personal_details: the minimum age uses the registered `today` and `date_diff` operations", () => {
    const schema = schemaOf("DEU", "personal_details");
    const base = exampleSection("DEU", "personal_details", 0);
    const thisYear = new Date().getUTCFullYear();
    expect(validateFormData(schema, { ...base, date_of_birth: `${thisYear - 5}-01-01` })).toEqual({
      date_of_birth: ["The worker must be at least 15 years old."],
    });
    expect(validateFormData(schema, base)).toBeNull();
    const { place_of_birth: _omitted, ...withoutPlace } = base;
    expect(validateFormData(schema, withoutPlace)).toEqual({ place_of_birth: ["is required"] });
  });

  it("contract_amendment: a root anyOf names the alternatives on the section", () => {
    const schema = schemaOf("ESP", "contract_amendment");
    expect(validateFormData(schema, { effective_date: "2026-05-04", reason_for_change: "annual_pay_adjustment" })).toEqual({
      "": ["requires one of: annual_gross_salary, job_title, work_schedule, available_pto"],
    });
    expect(
      validateFormData(schema, { effective_date: "2026-05-04", reason_for_change: "promotion", annual_gross_salary: 3_000_000 }),
    ).toEqual({
      job_title: ["is required"],
    });
    expect(
      validateFormData(schema, {
        effective_date: "2026-05-04",
        reason_for_change: "job_change_reevaluation",
        work_schedule: "full_time",
        annual_gross_salary: 1_000_000,
      }),
    ).toEqual({
      annual_gross_salary: ["Spain's minimum wage (SMI) is €16,576.00 a year for full-time work (14 payments of €1,184.00)."],
    });
  });

  it("NLD: the BSN eleven-test in JSON Logic", () => {
    const schema = schemaOf("NLD", "administrative_details");
    const base = exampleSection("NLD", "administrative_details", 0);
    expect(validateFormData(schema, { ...base, bsn: "123456789" })).toEqual({
      bsn: ["This is not a valid BSN: the check digit does not match."],
    });
    expect(validateFormData(schema, { ...base, bsn: "123456782" })).toBeNull();
    // A malformed value gets the pattern message only: the logic does not judge it.
    expect(validateFormData(schema, { ...base, bsn: "12345" })).toEqual({ bsn: ["The BSN has 9 digits."] });
  });

  it("USA: the ABA routing checksum and exempt salary threshold", () => {
    const bank = schemaOf("USA", "bank_account_details");
    expect(validateFormData(bank, { ...exampleSection("USA", "bank_account_details", 0), routing_number: "021000022" })).toEqual({
      routing_number: ["This routing number is not valid: the check digit does not match."],
    });
    const contract = schemaOf("USA", "contract_details");
    const data = { ...exampleSection("USA", "contract_details", 0), flsa_classification: "exempt", annual_gross_salary: 3_000_000 };
    expect(validateFormData(contract, data)).toEqual({
      annual_gross_salary: ["Exempt employees must earn at least $684 a week ($35,568.00 a year) under the FLSA."],
    });
    // At-will: only an indefinite contract, forced.
    expect(validateFormData(contract, { ...data, annual_gross_salary: 4_000_000, contract_duration_type: "fixed_term" })).toEqual({
      contract_duration_type: ['must be "indefinite"'],
    });
  });

  it("GBR: nested time-off rule when bank holidays are included", () => {
    const schema = schemaOf("GBR", "contract_details");
    const base = exampleSection("GBR", "contract_details", 0);
    expect(base.work_schedule).toBe("full_time");
    expect(validateFormData(schema, { ...base, pto_includes_bank_holidays: "yes", available_pto: 25 })).toEqual({
      available_pto: ["Including bank holidays, full-time employees get at least 28 days."],
    });
    expect(validateFormData(schema, { ...base, pto_includes_bank_holidays: "no", available_pto: 25 })).toBeNull();
  });

  it("BRA: the PIX key format follows its type", () => {
    const schema = schemaOf("BRA", "bank_account_details");
    const base = exampleSection("BRA", "bank_account_details", 0);
    expect(validateFormData(schema, { ...base, pix_key_type: "email", pix_key: "not-an-email" })).toEqual({
      pix_key: ["Enter the e-mail address registered as the key."],
    });
    expect(validateFormData(schema, { ...base, pix_key_type: "random", pix_key: "123" })).toEqual({
      pix_key: ["A random key is a 36-character UUID."],
    });
    expect(validateFormData(schema, { ...base, pix_key_type: "none", pix_key: "x" })).toEqual({ pix_key: ["is not allowed"] });
    expect(validateFormData(schema, { ...base, pix_key_type: "cpf", pix_key: undefined })).toEqual({ pix_key: ["is required"] });
  });

  it("DEU: the insurance type decides which fields exist", () => {
    const schema = schemaOf("DEU", "administrative_details");
    const base = exampleSection("DEU", "administrative_details", 0);
    expect(base.health_insurance_type).toBe("statutory");
    expect(validateFormData(schema, { ...base, private_insurance_monthly_premium: 50_000 })).toEqual({
      private_insurance_monthly_premium: ["is not allowed"],
    });
    expect(validateFormData(schema, { ...base, health_insurance_type: "private" })).toEqual({
      health_insurance_provider: ["is not allowed"],
      private_insurance_monthly_premium: ["is required"],
      private_insurance_certificate: ["is required"],
    });
    expect(validateFormData(schema, { ...base, tax_class: 7 })).toMatchObject({ tax_class: ["must be one of: 1, 2, 3, 4, 5, 6"] });
    expect(validateFormData(schema, { ...base, child_allowances: 0.7 })).toEqual({ child_allowances: ["must be a multiple of 0.5"] });
  });
});

describe("field kinds", () => {
  it("countries, tel, time, file and hidden fields", () => {
    const personal = schemaOf("ESP", "personal_details");
    const p = exampleSection("ESP", "personal_details", 0);
    expect(validateFormData(personal, { ...p, nationalities: [] })).toEqual({ nationalities: ["must have at least 1 item"] });
    expect(validateFormData(personal, { ...p, nationalities: ["ESP", "XXX"] })).toEqual({
      "nationalities.1": ["must be one of the listed options"],
    });
    expect(validateFormData(personal, { ...p, nationalities: ["ESP", "ESP"] })).toEqual({ nationalities: ["must not contain duplicates"] });
    expect(validateFormData(personal, { ...p, phone_number: "612 34 56 78" })).toEqual({ phone_number: ["has an invalid format"] });

    const contract = schemaOf("ESP", "contract_details");
    expect(validateFormData(contract, { ...exampleSection("ESP", "contract_details", 0), work_start_time: "25:00" })).toEqual({
      work_start_time: ["has an invalid format"],
    });

    const documents = schemaOf("ESP", "employment_document_details");
    const d = exampleSection("ESP", "employment_document_details", 0);
    expect(validateFormData(documents, { ...d, id_document_file: "passport.pdf" })).toEqual({
      id_document_file: ["must be a file as a base64 data URL"],
    });

    const address = schemaOf("ESP", "address_details");
    const a = exampleSection("ESP", "address_details", 0);
    expect(validateFormData(address, { ...a, country: "PRT" })).toEqual({ country: ['must be "ESP"'] });
    expect(validateFormData(address, { ...a, postal_code: "99999" })).toEqual({
      postal_code: ["Enter a Spanish postal code such as 28013."],
    });
    expect(validateFormData(address, { ...a, autonomous_community: "ES-XX" })).toEqual({
      autonomous_community: ["must be one of the listed options"],
    });
  });
});

describe("the dialect beyond our own forms", () => {
  it("a required list or fieldset left empty is missing, as the provider's engine counts it", () => {
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: {
        countries: { type: "array", items: { type: "string" }, "x-jsf-presentation": { inputType: "countries" } },
        systems: { type: "array", items: { enum: ["laptop", "phone"] }, "x-jsf-errorMessage": { required: "Pick at least one system" } },
        extras: { type: "object", properties: { note: { type: "string" } } },
        optional_list: { type: "array", items: { type: "string" } },
      },
      required: ["countries", "systems", "extras"],
    };
    expect(validateFormData(schema, { countries: [], systems: [], extras: {}, optional_list: [] })).toEqual({
      countries: ["is required"],
      systems: ["Pick at least one system"],
      extras: ["is required"],
    });
    expect(validateFormData(schema, { countries: ["PRT"], systems: ["phone"], extras: { note: "x" } })).toBeNull();
  });

  it("date bounds of the presentation (minDate, maxDate) are enforced, inclusive, with their x-jsf-errorMessage", () => {
    const schema = {
      type: "object",
      properties: {
        start: {
          type: "string",
          format: "date",
          "x-jsf-presentation": { inputType: "date", minDate: "2026-09-03", maxDate: "2027-09-03" },
        },
        birth: {
          type: ["string", "null"],
          format: "date",
          "x-jsf-presentation": { inputType: "date", maxDate: "2008-11-25" },
          "x-jsf-errorMessage": { maxDate: "The employee must be at least 18" },
        },
      },
    };
    expect(validateFormData(schema, { start: "2026-09-03", birth: "2008-11-25" })).toBeNull();
    expect(validateFormData(schema, { start: "2027-09-03", birth: null })).toBeNull();
    expect(validateFormData(schema, { start: "2026-09-02", birth: "2008-11-26" })).toEqual({
      start: ["must be 2026-09-03 or later"],
      birth: ["The employee must be at least 18"],
    });
    expect(validateFormData(schema, { start: "2027-09-04" })).toEqual({ start: ["must be 2027-09-03 or earlier"] });
  });

  it("a validation's message may be under `error` as well as `errorMessage`; rules that answer nothing fail closed; rules with unknown operations are skipped", () => {
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: {
        a: { type: "integer", "x-jsf-logic-validations": ["a_even", "broken", "unknown"] },
        b: { type: "integer", "x-jsf-logic-validations": ["missing_entry"] },
      },
      "x-jsf-logic": {
        validations: {
          a_even: { rule: { "==": [{ "%": [{ var: "a" }, 2] }, 0] }, error: "a must be even" },
          broken: { rule: { date_diff: ["not a date", { var: "a" }] }, errorMessage: "cannot check a" },
          unknown: { rule: { no_such_operation: [1] }, errorMessage: "never said" },
        },
      },
    };
    expect(validateFormData(schema, { a: 3, b: 1 })).toEqual({ a: ["a must be even", "cannot check a"] });
  });

  it("computed attributes: const and maximum from computedValues, with templated messages", () => {
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: {
        hours: { type: "number" },
        allowance: {
          type: "integer",
          "x-jsf-logic-computedAttrs": {
            const: "allowance_for_hours",
            "x-jsf-errorMessage": { const: "Must be {{allowance_for_hours}} for these hours" },
          },
        },
        overtime: { type: "number", "x-jsf-logic-computedAttrs": { maximum: "max_overtime", title: "Up to {{max_overtime}} hours" } },
      },
      "x-jsf-logic": {
        computedValues: {
          allowance_for_hours: { rule: { "*": [{ var: "hours" }, 10] } },
          max_overtime: { rule: { "-": [48, { var: "hours" }] } },
        },
      },
    };
    expect(validateFormData(schema, { hours: 40, allowance: 400, overtime: 8 })).toBeNull();
    expect(validateFormData(schema, { hours: 40, allowance: 399, overtime: 9 })).toEqual({
      allowance: ["Must be 400 for these hours"],
      overtime: ["must be less than or equal to 8"],
    });
  });

  it("x-jsf-errorMessage inside a nested else branch overrides the base message", () => {
    const schema = {
      type: "object",
      properties: { kind: { type: "string" }, n: { type: "number", maximum: 100, "x-jsf-errorMessage": { maximum: "base" } } },
      allOf: [
        {
          if: { properties: { kind: { const: "a" } }, required: ["kind"] },
          else: {
            if: { properties: { kind: { const: "b" } }, required: ["kind"] },
            else: { properties: { n: { maximum: 10, "x-jsf-errorMessage": { maximum: "neither a nor b: 10 at most" } } } },
          },
        },
      ],
    };
    expect(validateFormData(schema, { kind: "c", n: 11 })).toEqual({ n: ["neither a nor b: 10 at most"] });
    expect(validateFormData(schema, { kind: "a", n: 101 })).toEqual({ n: ["base"] });
  });

  it("compiles each schema once", () => {
    const schema = schemaOf("FRA", "contract_details");
    expect(compileFormSchema(schema)).toBe(compileFormSchema(schema));
  });
});

describe("property: any input gets an answer, never an exception", () => {
  it.each([
    ["PRT", "contract_details"],
    ["BRA", "bank_account_details"],
    ["NLD", "administrative_details"],
    ["USA", "employment_basic_information"],
    ["GBR", "contract_amendment"],
  ] as const)("%s %s", (code, form) => {
    const schema = schemaOf(code, form);
    const names = Object.keys(schema.properties as object);
    // Objects over the form's own field names (and a stranger), with values of any shape, mixed into a valid example.
    const body = fc.tuple(fc.nat(11), fc.dictionary(fc.constantFrom(...names, "stranger"), fc.anything(), { maxKeys: 6 }));
    fc.assert(
      fc.property(body, ([variant, changes]) => {
        const result = validateFormData(schema, { ...exampleSection(code, form, variant), ...changes });
        if (result === null) return;
        for (const [path, messages] of Object.entries(result)) {
          expect(typeof path).toBe("string");
          expect(messages.length).toBeGreaterThan(0);
          for (const m of messages) expect(m).toMatch(/\S/);
        }
      }),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(fc.anything(), (value) => void validateFormData(schema, value)),
      { numRuns: 100 },
    );
  });
});
