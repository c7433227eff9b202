import { fieldIs, ifThenElse, refine, requiredWhen } from "../schema/conditions";
import { money, number, radio, select, text, yesNo } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import { ibanAccount } from "../sections/bank-account";
import type { ContractRules } from "../sections/contract-details";
import type { CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// Portugal. Figures: 2025 minimum wage (€870 × 14 payments), Labour Code probation by role
// category (90/180/240 days), fixed-term up to 2 years with a legal reason, 22 days of holiday.

const profile: CountryProfile = {
  code: "PRT",
  name: "Portugal",
  currency: "EUR",
  phonePattern: "^\\+351[0-9]{9}$",
  phoneDescription: "+351912345678",
  postalCode: {
    pattern: "^[0-9]{4}-[0-9]{3}$",
    description: "Four digits, a dash and three digits, e.g. 1100-053.",
    errorMessage: "Enter a Portuguese postal code such as 1100-053.",
  },
  subdivision: { field: "district", title: "District", required: true, options: SUBDIVISIONS.PRT ?? [] },
  minimumOnboardingDays: 20,
  fullTimeHours: 40,
  people: [
    { firstName: "Ana", lastName: "Silva", sex: "female", birthDate: "1990-04-12", phone: "+351912345678" },
    { firstName: "João", lastName: "Ferreira", sex: "male", birthDate: "1986-11-03", phone: "+351913456789" },
    { firstName: "Mariana", lastName: "Costa", sex: "female", birthDate: "1995-07-21", phone: "+351914567890" },
    { firstName: "Tiago", lastName: "Pereira", sex: "male", birthDate: "1982-02-09", phone: "+351915678901" },
    { firstName: "Inês", lastName: "Rodrigues", sex: "female", birthDate: "1998-09-30", phone: "+351916789012" },
    { firstName: "Rui", lastName: "Almeida", sex: "male", birthDate: "1979-12-01", phone: "+351917890123" },
  ],
  addresses: [
    { address: "Rua Augusta 120", city: "Lisboa", postalCode: "1100-053", subdivision: "PT-11" },
    { address: "Avenida dos Aliados 45", addressLine2: "3.º Esq.", city: "Porto", postalCode: "4000-064", subdivision: "PT-13" },
    { address: "Rua Ferreira Borges 80", city: "Coimbra", postalCode: "3000-180", subdivision: "PT-06" },
    { address: "Avenida da Liberdade 200", addressLine2: "2.º Dto.", city: "Lisboa", postalCode: "1250-147", subdivision: "PT-11" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 1_218_000,
  minimumSalaryMessage: "In Portugal a full-time employee earns at least €12,180.00 a year (14 payments of €870.00).",
  salaryDescription: "Gross amount for the year, holiday and Christmas subsidies included.",
  statutoryPtoDays: 22,
  ptoDescription: "Employees are entitled to at least 22 working days of holiday a year; public holidays are not counted.",
  probationMaxDays: 240,
  probationDescription: "Up to 90 days in general, 180 days for technical or trust roles and 240 days for management roles.",
  fixedTerm: { maxMonths: 24, reasonRequired: true, description: "Up to 2 years, for a temporary need the law accepts." },
  salaryExamples: [2_400_000, 3_600_000, 4_800_000, 1_800_000],
};

const ROLE_CATEGORIES = [
  ["general", "General", "Probation up to 90 days."],
  ["technical", "Technical complexity or position of trust", "Probation up to 180 days."],
  ["management", "Management or senior leadership", "Probation up to 240 days."],
] as const;

export const portugal = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "plus", "cor"],
    employment_agreement_preview_available: true,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 16,
  amendmentNoticeDays: 10,
  idDocuments: [
    ["citizen_card", "Cartão de Cidadão (citizen card)"],
    ["passport", "Passport"],
    ["residence_permit", "Autorização de Residência (residence permit)"],
  ],
  companyRegistration: {
    title: "NIPC",
    pattern: "^[5-9][0-9]{8}$",
    description: "The company's 9-digit tax number.",
    example: "509123456",
  },
  vat: { title: "VAT number", pattern: "^PT[0-9]{9}$", example: "PT509123456" },
  extensions: {
    contract_details: {
      properties: {
        role_category: radio({
          title: "Role category",
          description: "Sets the longest probation period the law allows.",
          options: ROLE_CATEGORIES,
        }),
        salary_installments: select({
          title: "Salary payments a year",
          description: "14 payments (holiday and Christmas subsidies paid apart) or 12 (subsidies spread over the months, duodécimos).",
          options: [
            [14, "14 payments"],
            [12, "12 payments (duodécimos)"],
          ],
        }),
        meal_allowance_type: radio({
          title: "Meal allowance (subsídio de refeição)",
          options: [
            ["card", "Meal card"],
            ["cash", "Paid with the salary"],
            ["none", "No meal allowance"],
          ],
        }),
        meal_allowance_daily: money({
          title: "Meal allowance per working day",
          currency: "EUR",
          minimum: 1,
          description: "Tax-exempt up to €10.20 a day on a meal card and €6.00 in cash (2025).",
        }),
      },
      required: ["role_category", "salary_installments", "meal_allowance_type"],
      allOf: [
        // Probation by role category: an else-if chain.
        ifThenElse(
          fieldIs("role_category", "management"),
          undefined,
          ifThenElse(
            fieldIs("role_category", "technical"),
            refine({
              probation_period_days: {
                maximum: 180,
                "x-jsf-errorMessage": { maximum: "Probation for technical or trust roles cannot exceed 180 days." },
              },
            }),
            refine({
              probation_period_days: { maximum: 90, "x-jsf-errorMessage": { maximum: "Probation for this role cannot exceed 90 days." } },
            }),
          ),
        ),
        requiredWhen("meal_allowance_type", ["card", "cash"], ["meal_allowance_daily"]),
        ifThenElse(
          fieldIs("meal_allowance_type", "card"),
          refine({
            meal_allowance_daily: {
              maximum: 1020,
              "x-jsf-errorMessage": { maximum: "Meal cards are tax-exempt up to €10.20 a day: pay any excess with the salary." },
            },
          }),
          ifThenElse(
            fieldIs("meal_allowance_type", "cash"),
            refine({
              meal_allowance_daily: {
                maximum: 600,
                "x-jsf-errorMessage": { maximum: "Cash meal allowances are tax-exempt up to €6.00 a day." },
              },
            }),
          ),
        ),
      ],
      order: (o) =>
        insertAfter(
          insertAfter(o, "annual_gross_salary", "salary_installments"),
          "bonus_details",
          "meal_allowance_type",
          "meal_allowance_daily",
          "role_category",
        ),
      example: (v) => {
        const category = pick(["technical", "general", "management"] as const, v);
        const meal = pick(["card", "cash", "none"] as const, v);
        return {
          role_category: category,
          probation_period_days: category === "general" ? 90 : category === "technical" ? 180 : 240,
          salary_installments: v % 2 === 0 ? 14 : 12,
          meal_allowance_type: meal,
          ...(meal === "card" ? { meal_allowance_daily: 1020 } : meal === "cash" ? { meal_allowance_daily: 600 } : {}),
        };
      },
    },
    administrative_details: {
      properties: {
        nif: text({
          title: "Tax number (NIF)",
          description: "9 digits, from the citizen card or the tax office.",
          pattern: "^[1-3][0-9]{8}$",
          errorMessage: { pattern: "A personal NIF has 9 digits and starts with 1, 2 or 3." },
        }),
        niss: text({
          title: "Social security number (NISS)",
          pattern: "^[12][0-9]{10}$",
          errorMessage: { pattern: "The NISS has 11 digits and starts with 1 or 2." },
        }),
        irs_household: radio({
          title: "IRS withholding situation",
          options: [
            ["single", "Single, widowed, divorced or legally separated"],
            ["married_one_holder", "Married or in a civil union, one income holder"],
            ["married_two_holders", "Married or in a civil union, two income holders"],
          ],
        }),
        number_of_dependents: number({ title: "Dependents", integer: true, minimum: 0, maximum: 15 }),
        irs_jovem: yesNo({
          title: "Does the employee apply for IRS Jovem?",
          description: "Partial income tax exemption for workers up to 35 in their first years of income.",
        }),
        irs_jovem_first_income_year: number({ title: "Year of first taxable income", integer: true, minimum: 2015, maximum: 2026 }),
      },
      required: ["nif", "niss", "irs_household", "number_of_dependents", "irs_jovem"],
      allOf: [requiredWhen("irs_jovem", "yes", ["irs_jovem_first_income_year"])],
      example: (v) => {
        const jovem = v % 3 === 2;
        return {
          nif: pick(["234567899", "123456789", "287654321", "213456780"], v),
          niss: pick(["11234567890", "12098765432", "21987654321"], v),
          irs_household: pick(["single", "married_two_holders", "married_one_holder"], v),
          number_of_dependents: v % 3,
          irs_jovem: jovem ? "yes" : "no",
          ...(jovem ? { irs_jovem_first_income_year: 2022 } : {}),
        };
      },
    },
    bank_account_details: ibanAccount(profile, {
      alpha2: "PT",
      bbanPattern: "[0-9]{21}",
      length: 25,
      bankNames: ["Caixa Geral de Depósitos", "Millennium bcp", "Novo Banco"],
      bbans: ["003506510012345678912", "003300004531234567805", "000700150040000123456"],
    }),
  },
});
