import { fieldIs, ifThenElse, refine, requiredWhen } from "../schema/conditions";
import { acknowledgement, checkbox, file, money, radio, select, text, type JsonSchema } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import type { ContractRules } from "../sections/contract-details";
import { examplePdf, type CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// United States. Figures: federal minimum wage $7.25 an hour, FLSA salary threshold for exempt
// employees $684 a week ($35,568 a year), at-will employment (no fixed terms offered), no
// statutory paid time off, Form W-4 withholding, Form I-9 documents. Routing numbers carry the
// ABA checksum, checked with JSON Logic.

const STATES = SUBDIVISIONS.USA ?? [];

const profile: CountryProfile = {
  code: "USA",
  name: "United States",
  currency: "USD",
  phonePattern: "^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$",
  phoneDescription: "+12025550143",
  postalCode: {
    pattern: "^[0-9]{5}(-[0-9]{4})?$",
    description: "ZIP or ZIP+4, e.g. 94103 or 94103-1234.",
    errorMessage: "Enter a ZIP code such as 94103 or 94103-1234.",
  },
  subdivision: { field: "state", title: "State", required: true, options: STATES },
  minimumOnboardingDays: 5,
  fullTimeHours: 40,
  people: [
    { firstName: "Emily", lastName: "Johnson", sex: "female", birthDate: "1991-06-21", phone: "+12025550143" },
    { firstName: "Michael", lastName: "Williams", sex: "male", birthDate: "1986-12-12", phone: "+14155550198" },
    { firstName: "Sarah", lastName: "Davis", sex: "female", birthDate: "1995-03-09", phone: "+12125550177" },
    { firstName: "David", lastName: "Miller", sex: "male", birthDate: "1980-08-30", phone: "+13125550111" },
    { firstName: "Jessica", lastName: "Garcia", sex: "female", birthDate: "1997-10-02", phone: "+15125550134" },
    { firstName: "James", lastName: "Wilson", sex: "male", birthDate: "1975-04-25", phone: "+12065550165" },
  ],
  addresses: [
    { address: "1600 Pennsylvania Ave NW", city: "Washington", postalCode: "20500", subdivision: "US-DC" },
    { address: "500 Howard St", addressLine2: "Suite 300", city: "San Francisco", postalCode: "94105", subdivision: "US-CA" },
    { address: "350 5th Ave", addressLine2: "Floor 21", city: "New York", postalCode: "10118-0110", subdivision: "US-NY" },
    { address: "600 Congress Ave", city: "Austin", postalCode: "78701", subdivision: "US-TX" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 1_508_000,
  minimumSalaryMessage:
    "The federal minimum wage is $7.25 an hour: at least $15,080.00 a year for a 40-hour week. Many states set a higher minimum.",
  salaryDescription: "Gross amount for the year, before federal and state withholding.",
  statutoryPtoDays: 0,
  ptoDescription: "There is no federal paid time off requirement; several states require paid sick leave.",
  probationMaxDays: 180,
  probationDescription: "An introductory period has no legal effect on at-will employment; up to 180 days.",
  fixedTerm: null,
  indefiniteOnlyDescription: "Employment in the United States is at will: either party may end it at any time, with or without cause.",
  salaryExamples: [9_500_000, 12_000_000, 7_500_000, 15_000_000],
};

/** ABA routing checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
function abaChecksum(field: string): JsonSchema {
  const d = (i: number) => ({ substr: [{ var: field }, i, 1] });
  const sum = {
    "+": [{ "*": [3, { "+": [d(0), d(3), d(6)] }] }, { "*": [7, { "+": [d(1), d(4), d(7)] }] }, { "+": [d(2), d(5), d(8)] }],
  };
  return { or: [{ "!": { var: field } }, { "==": [{ "%": [sum, 10] }, 0] }] };
}

export const unitedStates = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "plus"],
    employment_agreement_preview_available: true,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 16,
  amendmentNoticeDays: 5,
  idDocuments: [
    ["us_passport", "U.S. passport or passport card"],
    ["permanent_resident_card", "Permanent resident card (Form I-551)"],
    ["drivers_license", "Driver's license or state ID card"],
  ],
  companyRegistration: {
    title: "EIN",
    pattern: "^[0-9]{2}-?[0-9]{7}$",
    description: "Employer Identification Number, e.g. 12-3456789.",
    example: "12-3456789",
  },
  vat: { title: "EIN", pattern: "^[0-9]{2}-?[0-9]{7}$", example: "98-7654321" },
  extensions: {
    employment_basic_information: {
      properties: {
        work_state: select({
          title: "State where the work is performed",
          description: "Decides state payroll taxes, minimum wage and leave rules.",
          options: STATES.map((s) => [s.code, s.name] as const),
        }),
      },
      required: ["work_state"],
      order: (o) => insertAfter(o, "job_title", "work_state"),
      example: (v) => ({ work_state: pick(["US-CA", "US-NY", "US-TX", "US-WA"], v) }),
    },
    contract_details: {
      properties: {
        flsa_classification: radio({
          title: "FLSA classification",
          options: [
            ["exempt", "Exempt", "Salaried, not entitled to overtime; must meet the salary and duties tests."],
            ["non_exempt", "Non-exempt", "Entitled to overtime at 1.5× for hours above 40 a week."],
          ],
        }),
        overtime_acknowledgement: acknowledgement({ title: "I will record the hours worked and pay overtime above 40 hours a week." }),
        pay_frequency: select({
          title: "Pay frequency",
          options: [
            ["weekly", "Weekly"],
            ["bi_weekly", "Every two weeks"],
            ["semi_monthly", "Twice a month"],
            ["monthly", "Monthly"],
          ],
        }),
      },
      required: ["flsa_classification", "pay_frequency"],
      allOf: [
        // Exempt employees must be paid the FLSA salary threshold whatever their hours.
        ifThenElse(
          fieldIs("flsa_classification", "exempt"),
          refine({
            annual_gross_salary: {
              minimum: 3_556_800,
              "x-jsf-errorMessage": { minimum: "Exempt employees must earn at least $684 a week ($35,568.00 a year) under the FLSA." },
            },
          }),
        ),
        requiredWhen("flsa_classification", "non_exempt", ["overtime_acknowledgement"]),
      ],
      order: (o) => insertAfter(o, "annual_gross_salary", "flsa_classification", "overtime_acknowledgement", "pay_frequency"),
      example: (v) => {
        const exempt = v % 3 !== 2;
        return {
          flsa_classification: exempt ? "exempt" : "non_exempt",
          ...(exempt ? {} : { overtime_acknowledgement: "acknowledged" }),
          pay_frequency: pick(["semi_monthly", "bi_weekly", "monthly"], v),
          available_pto: pick([15, 20, 10], v),
        };
      },
    },
    administrative_details: {
      properties: {
        ssn: text({
          title: "Social Security number",
          description: "9 digits, e.g. 123-45-6789.",
          pattern: "^(?!000|666|9[0-9]{2})[0-9]{3}-?(?!00)[0-9]{2}-?(?!0000)[0-9]{4}$",
          errorMessage: { pattern: "Enter a valid Social Security number such as 123-45-6789." },
        }),
        w4_filing_status: radio({
          title: "Filing status (Form W-4, step 1c)",
          options: [
            ["single", "Single or married filing separately"],
            ["married_filing_jointly", "Married filing jointly or qualifying surviving spouse"],
            ["head_of_household", "Head of household"],
          ],
        }),
        w4_multiple_jobs: checkbox({ title: "Multiple jobs or spouse works (Form W-4, step 2c)" }),
        w4_dependents_amount: money({ title: "Claim dependents (Form W-4, step 3)", currency: "USD", minimum: 0 }),
        w4_other_income: money({ title: "Other income (step 4a)", currency: "USD", minimum: 0 }),
        w4_deductions: money({ title: "Deductions (step 4b)", currency: "USD", minimum: 0 }),
        w4_extra_withholding: money({ title: "Extra withholding per pay period (step 4c)", currency: "USD", minimum: 0 }),
      },
      required: ["ssn", "w4_filing_status"],
      example: (v) => ({
        ssn: pick(["123-45-6789", "234-56-7890", "345678901"], v),
        w4_filing_status: pick(["single", "married_filing_jointly", "head_of_household"], v),
        ...(v % 2 === 1 ? { w4_multiple_jobs: true, w4_dependents_amount: 400_000 } : {}),
        ...(v % 3 === 2 ? { w4_extra_withholding: 5_000 } : {}),
      }),
    },
    employment_document_details: {
      properties: {
        i9_documents: radio({
          title: "Form I-9 documents",
          options: [
            ["list_a", "One document from List A", "Proves both identity and work authorization (e.g. U.S. passport)."],
            ["list_b_and_c", "One from List B and one from List C", "E.g. a driver's license and a Social Security card."],
          ],
        }),
        i9_list_c_file: file({ title: "List C document (e.g. Social Security card)", accept: ".pdf,.jpg,.jpeg,.png" }),
      },
      required: ["i9_documents"],
      allOf: [requiredWhen("i9_documents", "list_b_and_c", ["i9_list_c_file"])],
      order: (o) => insertAfter(o, "id_document_type", "i9_documents"),
      example: (v) => {
        const bc = v % 3 === 2;
        return {
          id_document_type: bc ? "drivers_license" : pick(["us_passport", "permanent_resident_card"], v),
          i9_documents: bc ? "list_b_and_c" : "list_a",
          ...(bc ? { i9_list_c_file: examplePdf("social-security-card.pdf") } : {}),
        };
      },
    },
    bank_account_details: {
      properties: {
        routing_number: text({
          title: "Routing number (ABA)",
          pattern: "^[0-9]{9}$",
          errorMessage: { pattern: "Routing numbers have 9 digits." },
          logicValidations: ["aba_checksum"],
        }),
        account_number: text({
          title: "Account number",
          pattern: "^[0-9]{4,17}$",
          errorMessage: { pattern: "Account numbers have 4 to 17 digits." },
        }),
        account_type: radio({
          title: "Account type",
          options: [
            ["checking", "Checking"],
            ["savings", "Savings"],
          ],
          direction: "row",
        }),
      },
      required: ["routing_number", "account_number", "account_type"],
      validations: {
        aba_checksum: {
          rule: abaChecksum("routing_number"),
          errorMessage: "This routing number is not valid: the check digit does not match.",
        },
      },
      example: (v) => ({
        bank_name: pick(["Chase", "Bank of America", "Wells Fargo"], v),
        routing_number: pick(["021000021", "026009593", "121000248"], v),
        account_number: pick(["000123456789", "4567890123", "98765432"], v),
        account_type: v % 3 === 1 ? "savings" : "checking",
      }),
    },
  },
});
