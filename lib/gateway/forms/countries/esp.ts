import { fieldIs, ifThenElse, refine } from "../schema/conditions";
import { number, radio, select, text, yesNo } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import { ibanAccount } from "../sections/bank-account";
import type { ContractRules } from "../sections/contract-details";
import type { CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// Spain. Figures: 2025 minimum wage (SMI) €1,184 × 14 payments, 30 calendar days of holiday
// (22 working days), probation up to 6 months for qualified technicians and 2 months otherwise,
// fixed term for production circumstances up to 12 months since the 2021 reform.

const profile: CountryProfile = {
  code: "ESP",
  name: "Spain",
  currency: "EUR",
  phonePattern: "^\\+34[6-9][0-9]{8}$",
  phoneDescription: "+34612345678",
  postalCode: {
    pattern: "^(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}$",
    description: "Five digits; the first two are the province, e.g. 28013.",
    errorMessage: "Enter a Spanish postal code such as 28013.",
  },
  subdivision: { field: "autonomous_community", title: "Autonomous community", required: true, options: SUBDIVISIONS.ESP ?? [] },
  minimumOnboardingDays: 10,
  fullTimeHours: 40,
  people: [
    { firstName: "Lucía", lastName: "García", sex: "female", birthDate: "1993-05-06", phone: "+34612345678" },
    { firstName: "Hugo", lastName: "Fernández", sex: "male", birthDate: "1989-01-22", phone: "+34623456789" },
    { firstName: "Martina", lastName: "López", sex: "female", birthDate: "1997-10-11", phone: "+34634567890" },
    { firstName: "Pablo", lastName: "Martínez", sex: "male", birthDate: "1984-07-15", phone: "+34645678901" },
    { firstName: "Sofía", lastName: "Sánchez", sex: "female", birthDate: "1991-12-24", phone: "+34656789012" },
    { firstName: "Álvaro", lastName: "Romero", sex: "male", birthDate: "1979-03-03", phone: "+34667890123" },
  ],
  addresses: [
    { address: "Calle Mayor 10", addressLine2: "2º B", city: "Madrid", postalCode: "28013", subdivision: "ES-MD" },
    { address: "Passeig de Gràcia 43", city: "Barcelona", postalCode: "08007", subdivision: "ES-CT" },
    { address: "Calle Larios 5", city: "Málaga", postalCode: "29005", subdivision: "ES-AN" },
    { address: "Gran Vía 30", addressLine2: "4º izq.", city: "Bilbao", postalCode: "48009", subdivision: "ES-PV" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 1_657_600,
  minimumSalaryMessage: "Spain's minimum wage (SMI) is €16,576.00 a year for full-time work (14 payments of €1,184.00).",
  salaryDescription: "Gross amount for the year, extra payments (pagas extra) included.",
  statutoryPtoDays: 22,
  ptoDescription: "30 calendar days a year, which is 22 working days on a five-day week.",
  probationMaxDays: 180,
  probationDescription:
    "Up to 6 months for qualified technicians and 2 months for other employees, unless the collective agreement says less.",
  fixedTerm: {
    maxMonths: 12,
    reasonRequired: true,
    description: "Only for production circumstances or to replace an employee, up to 12 months.",
  },
  salaryExamples: [3_000_000, 4_200_000, 2_200_000, 6_000_000],
};

export const spain = defineCountry({
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
    ["dni", "DNI (national identity card)"],
    ["tie", "TIE / NIE card (foreigners)"],
    ["passport", "Passport"],
  ],
  companyRegistration: {
    title: "Company tax number (NIF)",
    pattern: "^[A-HJ-NP-SUVW][0-9]{7}[0-9A-J]$",
    description: "A letter, seven digits and a check character, e.g. B12345674.",
    example: "B12345674",
  },
  vat: { title: "VAT number (NIF-IVA)", pattern: "^ES[A-Z0-9][0-9]{7}[A-Z0-9]$", example: "ESB12345674" },
  extensions: {
    contract_details: {
      properties: {
        is_qualified_technician: yesNo({
          title: "Is this a qualified technician role (técnico titulado)?",
          description: "Roles that require a university degree allow a longer probation.",
        }),
        salary_installments: select({
          title: "Salary payments a year",
          options: [
            [14, "14 payments (two extra payments in June and December)"],
            [12, "12 payments (extra payments spread over the year)"],
          ],
        }),
        collective_agreement: text({
          title: "Collective agreement (convenio colectivo)",
          description: "The sector agreement that applies, e.g. Convenio de oficinas y despachos.",
          pattern: "\\S",
        }),
      },
      required: ["is_qualified_technician", "salary_installments", "collective_agreement"],
      allOf: [
        ifThenElse(
          fieldIs("is_qualified_technician", "yes"),
          undefined,
          refine({
            probation_period_days: {
              maximum: 60,
              "x-jsf-errorMessage": { maximum: "Probation for this role cannot exceed 2 months (60 days)." },
            },
          }),
        ),
      ],
      order: (o) =>
        insertAfter(
          insertAfter(o, "experience_level", "is_qualified_technician", "collective_agreement"),
          "annual_gross_salary",
          "salary_installments",
        ),
      example: (v) => {
        const technician = v % 2 === 0;
        return {
          is_qualified_technician: technician ? "yes" : "no",
          probation_period_days: technician ? 180 : 60,
          salary_installments: v % 3 === 1 ? 12 : 14,
          collective_agreement: pick(
            ["Convenio colectivo de oficinas y despachos de Madrid", "Convenio colectivo estatal de empresas de consultoría"],
            v,
          ),
        };
      },
    },
    administrative_details: {
      properties: {
        dni_nie: text({
          title: "DNI or NIE",
          description: "DNI: 8 digits and a letter. NIE: X, Y or Z, 7 digits and a letter.",
          pattern: "^([0-9]{8}[A-Z]|[XYZ][0-9]{7}[A-Z])$",
          errorMessage: { pattern: "Enter a DNI (12345678Z) or an NIE (X1234567L)." },
        }),
        social_security_number: text({
          title: "Social security number (NAF)",
          pattern: "^[0-9]{12}$",
          errorMessage: { pattern: "The social security number has 12 digits." },
        }),
        family_situation: radio({
          title: "Family situation (Modelo 145)",
          options: [
            ["1", "1 – single, widowed, divorced or separated, with children in sole care"],
            ["2", "2 – married, spouse earns less than €1,500 a year"],
            ["3", "3 – any other situation"],
          ],
        }),
        number_of_children: number({ title: "Children under 25 living at home", integer: true, minimum: 0, maximum: 15 }),
        mortgage_before_2013: yesNo({
          title: "Does the employee deduct a home loan taken before 2013?",
          description: "It lowers the income tax withheld (IRPF).",
        }),
      },
      required: ["dni_nie", "social_security_number", "family_situation", "number_of_children", "mortgage_before_2013"],
      example: (v) => ({
        dni_nie: pick(["12345678Z", "X1234567L", "87654321X"], v),
        social_security_number: pick(["281234567890", "081122334455", "291029384756"], v),
        family_situation: pick(["3", "2", "1"], v),
        number_of_children: v % 3,
        mortgage_before_2013: v % 4 === 3 ? "yes" : "no",
      }),
    },
    bank_account_details: ibanAccount(profile, {
      alpha2: "ES",
      bbanPattern: "[0-9]{20}",
      length: 24,
      bankNames: ["Banco Santander", "BBVA", "CaixaBank"],
      bbans: ["00491500051234567892", "01821234561234567890", "21000418450200051332"],
    }),
  },
});
