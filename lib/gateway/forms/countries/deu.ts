import { fieldIs, ifThenElse, requiredWhen } from "../schema/conditions";
import { checkbox, country, file, money, number, radio, select, text, yesNo } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import { ibanAccount } from "../sections/bank-account";
import type { ContractRules } from "../sections/contract-details";
import { examplePdf, type CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// Germany. Figures: 2025 minimum wage €12.82 an hour (MiLoG), 20 days of holiday on a five-day
// week (BUrlG), probation up to 6 months, fixed term without reason up to 2 years (TzBfG),
// notice of at least 4 weeks (BGB § 622).

const profile: CountryProfile = {
  code: "DEU",
  name: "Germany",
  currency: "EUR",
  phonePattern: "^\\+49[1-9][0-9]{6,13}$",
  phoneDescription: "+4915123456789",
  postalCode: {
    pattern: "^[0-9]{5}$",
    description: "Five digits, e.g. 10115.",
    errorMessage: "Enter a German postal code of five digits.",
  },
  subdivision: { field: "state", title: "State (Bundesland)", required: true, options: SUBDIVISIONS.DEU ?? [] },
  minimumOnboardingDays: 15,
  fullTimeHours: 40,
  people: [
    { firstName: "Lena", lastName: "Müller", sex: "female", birthDate: "1991-03-18", phone: "+4915123456789" },
    { firstName: "Jonas", lastName: "Schmidt", sex: "male", birthDate: "1987-08-25", phone: "+4916098765432" },
    { firstName: "Sophie", lastName: "Schneider", sex: "female", birthDate: "1996-01-07", phone: "+4917612345678" },
    { firstName: "Lukas", lastName: "Fischer", sex: "male", birthDate: "1983-10-14", phone: "+4915209876543" },
    { firstName: "Hannah", lastName: "Weber", sex: "female", birthDate: "1999-05-29", phone: "+4917023456789" },
    { firstName: "Felix", lastName: "Becker", sex: "male", birthDate: "1978-06-02", phone: "+4915734567890" },
  ],
  addresses: [
    { address: "Invalidenstraße 117", city: "Berlin", postalCode: "10115", subdivision: "DE-BE" },
    { address: "Leopoldstraße 28", addressLine2: "3. OG", city: "München", postalCode: "80802", subdivision: "DE-BY" },
    { address: "Jungfernstieg 7", city: "Hamburg", postalCode: "20354", subdivision: "DE-HH" },
    { address: "Zeil 106", city: "Frankfurt am Main", postalCode: "60313", subdivision: "DE-HE" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 2_666_560,
  minimumSalaryMessage: "Germany's minimum wage is €12.82 an hour: at least €26,665.60 a year for a 40-hour week.",
  salaryDescription: "Gross amount for the year, before tax and social contributions.",
  statutoryPtoDays: 20,
  ptoDescription: "At least 20 working days a year on a five-day week (24 on a six-day week).",
  probationMaxDays: 180,
  probationDescription: "Up to 6 months, during which either side can give two weeks' notice.",
  fixedTerm: { maxMonths: 24, reasonRequired: false, description: "Up to 2 years without an objective reason." },
  salaryExamples: [5_500_000, 7_200_000, 4_800_000, 9_000_000],
};

const CHURCH_TAX_DENOMINATIONS = [
  ["rk", "Roman Catholic (rk)"],
  ["ev", "Protestant (ev)"],
  ["ak", "Old Catholic (ak)"],
  ["jd", "Jewish (jd)"],
  ["fr", "Free religious community (fr)"],
] as const;

export const germany = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "plus", "cor"],
    employment_agreement_preview_available: true,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 15,
  amendmentNoticeDays: 10,
  idDocuments: [
    ["national_id", "Personalausweis (identity card)"],
    ["passport", "Passport"],
    ["residence_permit", "Aufenthaltstitel (residence permit)"],
  ],
  companyRegistration: {
    title: "Commercial register number",
    pattern: "^HR[AB] ?[0-9]{1,6}( ?[A-Z]{1,2})?$",
    description: "Handelsregister entry, e.g. HRB 123456.",
    example: "HRB 123456",
  },
  vat: { title: "VAT ID (USt-IdNr.)", pattern: "^DE[0-9]{9}$", example: "DE123456789" },
  extensions: {
    personal_details: {
      properties: {
        birth_name: text({ title: "Birth name", description: "(Optional) If different from the current last name.", nullable: true }),
        place_of_birth: text({ title: "Place of birth", pattern: "\\S" }),
        country_of_birth: country({ title: "Country of birth" }),
      },
      required: ["place_of_birth", "country_of_birth"],
      order: (o) => insertAfter(o, "date_of_birth", "place_of_birth", "country_of_birth", "birth_name"),
      example: (v) => ({ place_of_birth: pick(["Berlin", "Köln", "Leipzig", "Stuttgart"], v), country_of_birth: "DEU" }),
    },
    contract_details: {
      properties: {
        notice_period_weeks: number({
          title: "Notice period (weeks)",
          description: "At least 4 weeks after probation; it grows with seniority for the employer.",
          integer: true,
          minimum: 4,
          maximum: 52,
          errorMessage: { minimum: "German law requires at least 4 weeks of notice." },
        }),
        thirteenth_month_salary: checkbox({ title: "Part of the annual salary is paid as a 13th month salary" }),
        has_company_pension: yesNo({
          title: "Will you pay into a company pension (bAV)?",
          description: "Employers must add at least 15% to salary converted into a company pension.",
        }),
        employer_pension_contribution: money({ title: "Employer pension contribution per month", currency: "EUR", minimum: 1 }),
      },
      required: ["notice_period_weeks", "has_company_pension"],
      allOf: [requiredWhen("has_company_pension", "yes", ["employer_pension_contribution"])],
      order: (o) =>
        insertAfter(insertAfter(o, "probation_period_days", "notice_period_weeks"), "annual_gross_salary", "thirteenth_month_salary"),
      example: (v) => {
        const pension = v % 2 === 0;
        return {
          notice_period_weeks: pick([4, 6, 12], v),
          ...(v % 3 === 1 ? { thirteenth_month_salary: true } : {}),
          has_company_pension: pension ? "yes" : "no",
          ...(pension ? { employer_pension_contribution: 10_000 } : {}),
        };
      },
    },
    administrative_details: {
      properties: {
        tax_id: text({
          title: "Tax ID (Steuerliche Identifikationsnummer)",
          description: "11 digits, on the letter from the Federal Central Tax Office.",
          pattern: "^[1-9][0-9]{10}$",
          errorMessage: { pattern: "The tax ID has 11 digits and does not start with 0." },
        }),
        social_security_number: text({
          title: "Social security number (Rentenversicherungsnummer)",
          description: "12 characters, e.g. 12150385M012.",
          pattern: "^[0-9]{8}[A-Z][0-9]{3}$",
          errorMessage: { pattern: "Enter the 12-character number: 8 digits, a capital letter, 3 digits." },
        }),
        tax_class: select({
          title: "Tax class (Steuerklasse)",
          options: [
            [1, "I – single"],
            [2, "II – single parent"],
            [3, "III – married, higher earner"],
            [4, "IV – married, similar incomes"],
            [5, "V – married, lower earner"],
            [6, "VI – second job"],
          ],
        }),
        child_allowances: number({ title: "Child allowances (Kinderfreibeträge)", minimum: 0, maximum: 10, multipleOf: 0.5 }),
        church_tax: yesNo({ title: "Is the employee a member of a church that levies church tax?" }),
        religious_denomination: select({ title: "Denomination", options: CHURCH_TAX_DENOMINATIONS }),
        health_insurance_type: radio({
          title: "Health insurance",
          options: [
            ["statutory", "Statutory (gesetzlich)"],
            ["private", "Private"],
          ],
          direction: "row",
        }),
        health_insurance_provider: text({
          title: "Health insurance fund (Krankenkasse)",
          description: "e.g. Techniker Krankenkasse, AOK, Barmer.",
        }),
        private_insurance_monthly_premium: money({ title: "Monthly private insurance premium", currency: "EUR", minimum: 1 }),
        private_insurance_certificate: file({ title: "Private insurance certificate", accept: ".pdf" }),
      },
      required: ["tax_id", "social_security_number", "tax_class", "church_tax", "health_insurance_type"],
      allOf: [
        requiredWhen("church_tax", "yes", ["religious_denomination"]),
        // The insurance type decides which details are needed; the other branch's are forbidden.
        ifThenElse(
          fieldIs("health_insurance_type", "private"),
          {
            required: ["private_insurance_monthly_premium", "private_insurance_certificate"],
            properties: { health_insurance_provider: false },
          },
          {
            properties: { private_insurance_monthly_premium: false, private_insurance_certificate: false },
            ...ifThenElse(fieldIs("health_insurance_type", "statutory"), { required: ["health_insurance_provider"] }),
          },
        ),
      ],
      example: (v) => {
        const church = v % 2 === 1;
        const privateInsurance = v % 4 === 3;
        return {
          tax_id: pick(["12345678903", "47036892816", "65929970489"], v),
          social_security_number: pick(["12150391M012", "65070184S503", "53181283W005"], v),
          tax_class: pick([1, 4, 3, 1], v),
          ...(v % 3 === 1 ? { child_allowances: 1.5 } : {}),
          church_tax: church ? "yes" : "no",
          ...(church ? { religious_denomination: pick(["rk", "ev"], v) } : {}),
          health_insurance_type: privateInsurance ? "private" : "statutory",
          ...(privateInsurance
            ? { private_insurance_monthly_premium: 62_000, private_insurance_certificate: examplePdf("pkv-bescheinigung.pdf") }
            : { health_insurance_provider: pick(["Techniker Krankenkasse", "AOK Bayern", "Barmer"], v) }),
        };
      },
    },
    bank_account_details: ibanAccount(profile, {
      alpha2: "DE",
      bbanPattern: "[0-9]{18}",
      length: 22,
      bankNames: ["Deutsche Bank", "Commerzbank", "Berliner Sparkasse"],
      bbans: ["100700000123456789", "370400440532013000", "100500000190123456"],
    }),
  },
});
