import { fieldIs, ifThenElse, refine, requiredWhen } from "../schema/conditions";
import { number, radio, select, statement, text, yesNo } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import type { ContractRules } from "../sections/contract-details";
import type { CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// United Kingdom. Figures: National Living Wage £12.21 an hour (April 2025), 5.6 weeks of holiday
// (28 days on five days a week, bank holidays may count), pension auto-enrolment with at least 3%
// from the employer, HMRC starter checklist and student loan plans. Scotland has its own income
// tax bands, hence the nation on the address.

const profile: CountryProfile = {
  code: "GBR",
  name: "United Kingdom",
  currency: "GBP",
  phonePattern: "^\\+44[1-9][0-9]{9}$",
  phoneDescription: "+447700900123",
  postalCode: {
    pattern: "^(GIR 0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$",
    description: "In capitals, e.g. SW1A 1AA.",
    errorMessage: "Enter a UK postcode in capitals, such as SW1A 1AA.",
  },
  subdivision: { field: "nation", title: "Nation", required: true, options: SUBDIVISIONS.GBR ?? [] },
  minimumOnboardingDays: 10,
  fullTimeHours: 37.5,
  people: [
    { firstName: "Olivia", lastName: "Smith", sex: "female", birthDate: "1990-10-01", phone: "+447700900123" },
    { firstName: "Oliver", lastName: "Jones", sex: "male", birthDate: "1985-03-27", phone: "+447700900456" },
    { firstName: "Amelia", lastName: "Taylor", sex: "female", birthDate: "1996-08-12", phone: "+447700900789" },
    { firstName: "Harry", lastName: "Brown", sex: "male", birthDate: "1980-01-19", phone: "+447700900321" },
    { firstName: "Isla", lastName: "Campbell", sex: "female", birthDate: "1993-12-08", phone: "+447700900654" },
    { firstName: "Rhys", lastName: "Evans", sex: "male", birthDate: "1977-07-04", phone: "+447700900987" },
  ],
  addresses: [
    { address: "10 Downing Street", city: "London", postalCode: "SW1A 2AA", subdivision: "GB-ENG" },
    { address: "221B Baker Street", addressLine2: "Flat 2", city: "London", postalCode: "NW1 6XE", subdivision: "GB-ENG" },
    { address: "1 Princes Street", city: "Edinburgh", postalCode: "EH2 2EQ", subdivision: "GB-SCT" },
    { address: "14 Queen Street", city: "Cardiff", postalCode: "CF10 2BU", subdivision: "GB-WLS" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 2_380_950,
  minimumSalaryMessage: "The National Living Wage is £12.21 an hour: at least £23,809.50 a year for a 37.5-hour week.",
  salaryDescription: "Gross amount for the year, before income tax and National Insurance.",
  statutoryPtoDays: 20,
  ptoDescription: "5.6 weeks a year: 28 days on a five-day week when bank holidays are included, 20 days plus bank holidays otherwise.",
  probationMaxDays: 180,
  probationDescription: "No statutory limit; up to 6 months is customary.",
  fixedTerm: {
    maxMonths: 48,
    reasonRequired: false,
    description: "After 4 years of successive fixed terms the employee becomes permanent.",
  },
  salaryExamples: [4_500_000, 6_500_000, 3_500_000, 8_500_000],
};

export const unitedKingdom = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "plus", "cor"],
    employment_agreement_preview_available: true,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 16,
  amendmentNoticeDays: 5,
  idDocuments: [
    ["uk_passport", "British or Irish passport"],
    ["passport", "Other passport"],
    ["brp", "Biometric residence permit"],
  ],
  companyRegistration: {
    title: "Company number",
    pattern: "^([0-9]{8}|(SC|NI|OC|SO|NC)[0-9]{6})$",
    description: "Companies House number, e.g. 01234567 or SC123456.",
    example: "09876543",
  },
  vat: { title: "VAT registration number", pattern: "^GB([0-9]{9}|[0-9]{12})$", example: "GB123456789" },
  extensions: {
    contract_details: {
      properties: {
        pto_includes_bank_holidays: yesNo({ title: "Do the paid time off days include the 8 bank holidays?" }),
        notice_period_weeks: number({
          title: "Notice period (weeks)",
          integer: true,
          minimum: 1,
          maximum: 52,
          errorMessage: { minimum: "Statutory notice is at least one week." },
        }),
        pension_notice: statement({
          title: "Workplace pension",
          statementTitle: "Employees are auto-enrolled in a workplace pension.",
          statementDescription: "The employer pays at least 3% of qualifying earnings; together with the employee, at least 8%.",
        }),
        pension_employer_contribution_percent: number({
          title: "Employer pension contribution (%)",
          minimum: 3,
          maximum: 100,
          multipleOf: 0.5,
          errorMessage: { minimum: "Employers must contribute at least 3% under auto-enrolment." },
        }),
      },
      required: ["pto_includes_bank_holidays", "notice_period_weeks", "pension_employer_contribution_percent"],
      // Nested: for a full-time week, 28 days when bank holidays are counted in, 20 otherwise.
      allOf: [
        ifThenElse(
          fieldIs("work_schedule", "full_time"),
          ifThenElse(
            fieldIs("pto_includes_bank_holidays", "yes"),
            refine({
              available_pto: {
                minimum: 28,
                "x-jsf-errorMessage": { minimum: "Including bank holidays, full-time employees get at least 28 days." },
              },
            }),
          ),
        ),
      ],
      order: (o) =>
        insertAfter(
          insertAfter(insertAfter(o, "available_pto", "pto_includes_bank_holidays"), "probation_period_days", "notice_period_weeks"),
          "bonus_details",
          "pension_notice",
          "pension_employer_contribution_percent",
        ),
      example: (v) => {
        const included = v % 2 === 0;
        const fullTime = v % 2 === 0;
        return {
          pto_includes_bank_holidays: included ? "yes" : "no",
          ...(fullTime && included ? { available_pto: 28 + pick([0, 2], v) } : {}),
          notice_period_weeks: pick([4, 1, 12], v),
          pension_employer_contribution_percent: pick([3, 5, 7.5], v),
        };
      },
    },
    administrative_details: {
      properties: {
        national_insurance_number: text({
          title: "National Insurance number",
          description: "Two letters, six digits and a letter from A to D, e.g. AB123456C.",
          pattern: "^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$",
          errorMessage: { pattern: "Enter a National Insurance number such as AB123456C, without spaces." },
        }),
        starter_declaration: radio({
          title: "Starter checklist",
          description: "HMRC's starter statement decides the first tax code.",
          options: [
            ["A", "A – first job since 6 April, no taxable benefits or pensions"],
            ["B", "B – only job now, but had another since 6 April"],
            ["C", "C – has another job or a pension"],
          ],
        }),
        has_student_loan: yesNo({ title: "Does the employee repay a student loan?" }),
        student_loan_plan: select({
          title: "Student loan plan",
          options: [
            ["plan_1", "Plan 1"],
            ["plan_2", "Plan 2"],
            ["plan_4", "Plan 4 (Scotland)"],
            ["plan_5", "Plan 5"],
          ],
        }),
        has_postgraduate_loan: yesNo({ title: "Does the employee repay a postgraduate loan?" }),
      },
      required: ["national_insurance_number", "starter_declaration", "has_student_loan", "has_postgraduate_loan"],
      allOf: [requiredWhen("has_student_loan", "yes", ["student_loan_plan"])],
      example: (v) => {
        const loan = v % 2 === 1;
        return {
          national_insurance_number: pick(["AB123456C", "JG103759A", "CE654321D"], v),
          starter_declaration: pick(["A", "B", "C"], v),
          has_student_loan: loan ? "yes" : "no",
          ...(loan ? { student_loan_plan: pick(["plan_2", "plan_4", "plan_1"], v) } : {}),
          has_postgraduate_loan: v % 3 === 2 ? "yes" : "no",
        };
      },
    },
    employment_document_details: {
      properties: {
        share_code: text({
          title: "Right to work share code",
          description: "The 9-character code from the Home Office's online right to work check.",
          pattern: "^[A-Z0-9]{9}$",
          errorMessage: { pattern: "A share code has 9 capital letters and digits, without spaces." },
        }),
      },
      // Workers with immigration permission prove it online: the share code comes with the permit.
      allOf: [requiredWhen("requires_work_permit", "yes", ["share_code"])],
      order: (o) => insertAfter(o, "requires_work_permit", "share_code"),
      example: (v) => (v % 4 === 3 ? { share_code: "W4X7K2M9P" } : {}),
    },
    bank_account_details: {
      properties: {
        sort_code: text({
          title: "Sort code",
          description: "6 digits, e.g. 40-47-84.",
          pattern: "^[0-9]{2}-?[0-9]{2}-?[0-9]{2}$",
          errorMessage: { pattern: "Enter a 6-digit sort code." },
        }),
        account_number: text({
          title: "Account number",
          pattern: "^[0-9]{8}$",
          errorMessage: { pattern: "UK account numbers have 8 digits." },
        }),
        building_society_roll_number: text({
          title: "Building society roll number",
          description: "(Optional) Only for some building society accounts.",
          maxLength: 18,
          nullable: true,
        }),
      },
      required: ["sort_code", "account_number"],
      example: (v) => ({
        bank_name: pick(["Barclays", "HSBC UK", "Nationwide Building Society"], v),
        sort_code: pick(["20-00-00", "40-47-84", "07-00-93"], v),
        account_number: pick(["55779911", "31926819", "12345678"], v),
      }),
    },
  },
});
