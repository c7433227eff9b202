import { fieldIs, ifThenElse, refine, requiredWhen } from "../schema/conditions";
import { date, number, statement, text, yesNo, type JsonSchema } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import { ibanAccount } from "../sections/bank-account";
import { contractVariant, type ContractRules } from "../sections/contract-details";
import type { CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// Netherlands. Figures: minimum wage €14.06 an hour (January 2025), holiday allowance of at least
// 8%, four times the weekly hours of holiday (20 days full-time), probation by contract length
// (none up to 6 months, 1 month below 2 years, 2 months otherwise), successive fixed terms up to
// 3 years. The BSN carries an eleven-test checksum, checked with JSON Logic.

const profile: CountryProfile = {
  code: "NLD",
  name: "Netherlands",
  currency: "EUR",
  phonePattern: "^\\+31[1-9][0-9]{8}$",
  phoneDescription: "+31612345678",
  postalCode: {
    pattern: "^[1-9][0-9]{3} ?[A-Z]{2}$",
    description: "Four digits and two capital letters, e.g. 1012 AB.",
    errorMessage: "Enter a Dutch postcode such as 1012 AB.",
  },
  subdivision: { field: "province", title: "Province", required: false, options: SUBDIVISIONS.NLD ?? [] },
  minimumOnboardingDays: 10,
  fullTimeHours: 40,
  people: [
    { firstName: "Emma", lastName: "de Jong", sex: "female", birthDate: "1992-07-07", phone: "+31612345678" },
    { firstName: "Daan", lastName: "Jansen", sex: "male", birthDate: "1988-02-28", phone: "+31623456789" },
    { firstName: "Julia", lastName: "de Vries", sex: "female", birthDate: "1995-04-16", phone: "+31634567890" },
    { firstName: "Sem", lastName: "van den Berg", sex: "male", birthDate: "1983-11-11", phone: "+31645678901" },
    { firstName: "Tess", lastName: "Bakker", sex: "female", birthDate: "1999-01-31", phone: "+31656789012" },
    { firstName: "Lucas", lastName: "Visser", sex: "male", birthDate: "1978-09-19", phone: "+31667890123" },
  ],
  addresses: [
    { address: "Damrak 70", city: "Amsterdam", postalCode: "1012 LM", subdivision: "NL-NH" },
    { address: "Coolsingel 40", addressLine2: "3e verdieping", city: "Rotterdam", postalCode: "3011 AD", subdivision: "NL-ZH" },
    { address: "Oudegracht 158", city: "Utrecht", postalCode: "3511 AZ", subdivision: "NL-UT" },
    { address: "Stratumseind 32", city: "Eindhoven", postalCode: "5611 ET", subdivision: "NL-NB" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 2_924_480,
  minimumSalaryMessage: "The Dutch minimum wage is €14.06 an hour: at least €29,244.80 a year for a 40-hour week.",
  salaryDescription: "Gross amount for the year, without the holiday allowance.",
  statutoryPtoDays: 20,
  ptoDescription: "At least four times the weekly working hours a year: 20 days on a full-time week.",
  probationMaxDays: 60,
  probationDescription:
    "2 months for indefinite contracts and fixed terms of 2 years or more, 1 month for shorter fixed terms, none up to 6 months.",
  fixedTerm: { maxMonths: 36, reasonRequired: false, description: "Up to 3 successive contracts within 3 years." },
  salaryExamples: [4_800_000, 6_500_000, 3_600_000, 9_000_000],
};

/** The BSN eleven-test: 9·d1 + 8·d2 + … + 2·d8 − d9 is a multiple of 11. */
function bsnElevenTest(field: string): JsonSchema {
  const digit = (i: number) => ({ substr: [{ var: field }, i, 1] });
  const weighted = Array.from({ length: 8 }, (_, i) => ({ "*": [9 - i, digit(i)] }));
  return { or: [{ "!": { var: field } }, { "==": [{ "%": [{ "-": [{ "+": weighted }, digit(8)] }, 11] }, 0] }] };
}

const monthsAtMost = (months: number): JsonSchema => ({
  properties: { contract_duration_months: { maximum: months } },
  required: ["contract_duration_months"],
});

export const netherlands = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "plus"],
    employment_agreement_preview_available: true,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 16,
  amendmentNoticeDays: 10,
  idDocuments: [
    ["passport", "Paspoort (passport)"],
    ["national_id", "Identiteitskaart (identity card)"],
    ["residence_permit", "Verblijfsdocument (residence document)"],
  ],
  companyRegistration: {
    title: "KvK number",
    pattern: "^[0-9]{8}$",
    description: "The 8-digit Chamber of Commerce number.",
    example: "69599084",
  },
  vat: { title: "VAT number (btw-id)", pattern: "^NL[0-9]{9}B[0-9]{2}$", example: "NL123456782B01" },
  extensions: {
    contract_details: {
      properties: {
        holiday_allowance_percentage: number({
          title: "Holiday allowance (vakantiegeld, %)",
          description: "Paid once a year, usually in May.",
          minimum: 8,
          maximum: 100,
          extra: { default: 8 },
          errorMessage: { minimum: "The statutory holiday allowance is at least 8% of the gross salary." },
        }),
        pension_notice: statement({
          title: "Pension",
          statementTitle: "Check whether a mandatory sector pension fund applies.",
          statementDescription: "Many sectors require membership of their pension fund (e.g. PFZW, PMT).",
          severity: "warning",
        }),
      },
      required: ["holiday_allowance_percentage"],
      // Probation by contract: fixed terms of 6 months or less have none, under 2 years one month.
      allOf: [
        ifThenElse(
          fieldIs("contract_duration_type", "fixed_term"),
          ifThenElse(
            monthsAtMost(6),
            refine({
              probation_period_days: {
                maximum: 0,
                "x-jsf-errorMessage": { maximum: "No probation period is allowed on a fixed-term contract of 6 months or less." },
              },
            }),
            ifThenElse(
              monthsAtMost(23),
              refine({
                probation_period_days: {
                  maximum: 30,
                  "x-jsf-errorMessage": { maximum: "A fixed-term contract shorter than 2 years allows at most 1 month of probation." },
                },
              }),
            ),
          ),
        ),
      ],
      order: (o) => insertAfter(o, "annual_gross_salary", "holiday_allowance_percentage", "pension_notice"),
      example: (v) => {
        const c = contractVariant(profile, contract, v);
        return { holiday_allowance_percentage: pick([8, 8, 8.33], v), probation_period_days: c.fixedTerm ? 30 : pick([60, 30], v) };
      },
    },
    administrative_details: {
      properties: {
        bsn: text({
          title: "Citizen service number (BSN)",
          description: "9 digits, on the passport or identity card.",
          pattern: "^[0-9]{9}$",
          errorMessage: { pattern: "The BSN has 9 digits." },
          logicValidations: ["bsn_eleven_test"],
        }),
        apply_payroll_tax_credit: yesNo({
          title: "Apply the payroll tax credit (loonheffingskorting) with this employer?",
          description: "Only with one employer or benefit agency at a time.",
        }),
        thirty_percent_ruling: yesNo({ title: "Has the employee been granted the 30% ruling?" }),
        thirty_percent_ruling_decision_date: date({ title: "Date of the tax authority's decision", minDate: "2019-01-01" }),
      },
      required: ["bsn", "apply_payroll_tax_credit", "thirty_percent_ruling"],
      allOf: [requiredWhen("thirty_percent_ruling", "yes", ["thirty_percent_ruling_decision_date"])],
      validations: {
        bsn_eleven_test: { rule: bsnElevenTest("bsn"), errorMessage: "This is not a valid BSN: the check digit does not match." },
      },
      example: (v) => {
        const ruling = v % 3 === 2;
        return {
          bsn: pick(["111222333", "123456782", "232262536", "999990019"], v),
          apply_payroll_tax_credit: v % 4 === 3 ? "no" : "yes",
          thirty_percent_ruling: ruling ? "yes" : "no",
          ...(ruling ? { thirty_percent_ruling_decision_date: "2025-11-20" } : {}),
        };
      },
    },
    bank_account_details: ibanAccount(profile, {
      alpha2: "NL",
      bbanPattern: "[A-Z]{4}[0-9]{10}",
      length: 18,
      bankNames: ["ING", "ABN AMRO", "Rabobank"],
      bbans: ["INGB0001234567", "ABNA0417164300", "RABO0123456789"],
    }),
  },
});
