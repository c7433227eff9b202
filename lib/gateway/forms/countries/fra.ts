import { fieldIs, ifThenElse, refine, requiredWhen } from "../schema/conditions";
import { acknowledgement, file, radio, select, text, yesNo } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import { ibanAccount } from "../sections/bank-account";
import type { ContractRules } from "../sections/contract-details";
import { examplePdf, type CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// France. Figures: SMIC of €11.88 an hour (from November 2024) on the 35-hour week, 25 working
// days of paid leave, probation by category (2/3/4 months), CDD up to 18 months for a legal reason,
// employer-funded complementary health insurance (mutuelle).

const profile: CountryProfile = {
  code: "FRA",
  name: "France",
  currency: "EUR",
  phonePattern: "^\\+33[1-9][0-9]{8}$",
  phoneDescription: "+33612345678",
  postalCode: {
    pattern: "^[0-9]{5}$",
    description: "Five digits, e.g. 75002.",
    errorMessage: "Enter a French postal code of five digits.",
  },
  subdivision: { field: "region", title: "Region", required: false, options: SUBDIVISIONS.FRA ?? [] },
  minimumOnboardingDays: 10,
  fullTimeHours: 35,
  people: [
    { firstName: "Camille", lastName: "Martin", sex: "female", birthDate: "1992-02-14", phone: "+33612345678" },
    { firstName: "Hugo", lastName: "Bernard", sex: "male", birthDate: "1988-09-09", phone: "+33698765432" },
    { firstName: "Léa", lastName: "Dubois", sex: "female", birthDate: "1997-11-23", phone: "+33755512345" },
    { firstName: "Louis", lastName: "Moreau", sex: "male", birthDate: "1981-04-30", phone: "+33623456789" },
    { firstName: "Chloé", lastName: "Laurent", sex: "female", birthDate: "1994-06-17", phone: "+33634567890" },
    { firstName: "Gabriel", lastName: "Lefèvre", sex: "male", birthDate: "1976-12-05", phone: "+33645678901" },
  ],
  addresses: [
    { address: "12 rue de la Paix", city: "Paris", postalCode: "75002", subdivision: "FR-IDF" },
    { address: "8 place Bellecour", addressLine2: "Bâtiment B", city: "Lyon", postalCode: "69002", subdivision: "FR-ARA" },
    { address: "25 cours Mirabeau", city: "Aix-en-Provence", postalCode: "13100", subdivision: "FR-PAC" },
    { address: "3 quai des Chartrons", city: "Bordeaux", postalCode: "33000", subdivision: "FR-NAQ" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 2_162_160,
  minimumSalaryMessage: "France's minimum wage (SMIC) is €11.88 an hour: at least €21,621.60 a year for a 35-hour week.",
  salaryDescription: "Gross amount for the year (brut annuel), before employee contributions.",
  statutoryPtoDays: 25,
  ptoDescription: "Five weeks of paid leave: 25 working days a year (2.5 working days per month of work).",
  probationMaxDays: 120,
  probationDescription: "Up to 2 months for employees, 3 for supervisors and 4 for executives (cadres).",
  fixedTerm: { maxMonths: 18, reasonRequired: true, description: "A CDD, up to 18 months, only for a reason the Labour Code lists." },
  salaryExamples: [4_500_000, 6_000_000, 3_800_000, 8_000_000],
};

export const france = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "plus", "cor"],
    employment_agreement_preview_available: false,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 16,
  amendmentNoticeDays: 10,
  idDocuments: [
    ["national_id", "Carte nationale d'identité"],
    ["passport", "Passport"],
    ["residence_permit", "Titre de séjour (residence permit)"],
  ],
  companyRegistration: {
    title: "SIRET",
    pattern: "^[0-9]{14}$",
    description: "The 14-digit establishment number.",
    example: "73282932000074",
  },
  vat: { title: "VAT number (numéro de TVA)", pattern: "^FR[0-9A-Z]{2}[0-9]{9}$", example: "FR40303265045" },
  extensions: {
    personal_details: {
      properties: {
        birth_last_name: text({
          title: "Birth name (nom de naissance)",
          description: "(Optional) If different from the current last name.",
          nullable: true,
        }),
        place_of_birth: text({
          title: "Place of birth",
          description: "Town and, for France, the department number, e.g. Lyon (69).",
          pattern: "\\S",
        }),
      },
      // The social security number encodes sex and place of birth: both are needed.
      required: ["place_of_birth", "sex"],
      order: (o) => insertAfter(o, "date_of_birth", "place_of_birth", "birth_last_name"),
      example: (v) => ({ place_of_birth: pick(["Lyon (69)", "Paris (75)", "Nantes (44)", "Lille (59)"], v) }),
    },
    contract_details: {
      properties: {
        employee_category: radio({
          title: "Employee category",
          options: [
            ["employe", "Employé or ouvrier", "Probation up to 2 months."],
            ["agent_de_maitrise", "Agent de maîtrise or technicien", "Probation up to 3 months."],
            ["cadre", "Cadre (executive)", "Probation up to 4 months."],
          ],
        }),
        forfait_jours: yesNo({
          title: "Is the executive on a days-based working-time agreement (forfait jours)?",
          description: "At most 218 working days a year; hours are then not counted.",
        }),
        collective_agreement: select({
          title: "Collective agreement (convention collective)",
          options: [
            ["syntec", "Syntec – IT and consulting (IDCC 1486)"],
            ["metallurgie", "Métallurgie (IDCC 3248)"],
            ["commerce", "Commerce de détail et de gros (IDCC 2216)"],
            ["publicite", "Publicité (IDCC 86)"],
          ],
        }),
        mutuelle_acknowledgement: acknowledgement({
          title: "I acknowledge that the employer pays at least 50% of the complementary health insurance (mutuelle).",
        }),
      },
      required: ["employee_category", "collective_agreement", "mutuelle_acknowledgement"],
      allOf: [
        requiredWhen("employee_category", "cadre", ["forfait_jours"]),
        ifThenElse(
          fieldIs("employee_category", "cadre"),
          undefined,
          ifThenElse(
            fieldIs("employee_category", "agent_de_maitrise"),
            refine({
              probation_period_days: {
                maximum: 90,
                "x-jsf-errorMessage": { maximum: "Probation for supervisors cannot exceed 3 months (90 days)." },
              },
            }),
            refine({
              probation_period_days: {
                maximum: 60,
                "x-jsf-errorMessage": { maximum: "Probation for employees cannot exceed 2 months (60 days)." },
              },
            }),
          ),
        ),
      ],
      order: (o) =>
        insertAfter(o, "experience_level", "employee_category", "forfait_jours", "collective_agreement", "mutuelle_acknowledgement"),
      example: (v) => {
        const category = pick(["cadre", "employe", "agent_de_maitrise"] as const, v);
        return {
          employee_category: category,
          ...(category === "cadre" ? { forfait_jours: v % 2 === 0 ? "yes" : "no" } : {}),
          probation_period_days: category === "cadre" ? 120 : category === "agent_de_maitrise" ? 90 : 60,
          collective_agreement: pick(["syntec", "commerce", "syntec", "publicite"], v),
          mutuelle_acknowledgement: "acknowledged",
        };
      },
    },
    administrative_details: {
      properties: {
        social_security_number: text({
          title: "Social security number (numéro de sécurité sociale)",
          description: "15 characters, on the carte Vitale; 2A or 2B for Corsica.",
          pattern: "^[12][0-9]{2}(0[1-9]|1[0-2]|[2-9][0-9])(2[AB]|[0-9]{2})[0-9]{6}[0-9]{2}$",
          errorMessage: { pattern: "Enter the 15-character social security number, without spaces." },
        }),
        mutuelle_exemption: yesNo({
          title: "Does the employee opt out of the company mutuelle?",
          description: "Possible only in the cases the law lists, with proof.",
        }),
        mutuelle_exemption_reason: select({
          title: "Reason for opting out",
          options: [
            ["covered_as_dependent", "Already covered as a dependent of a spouse's mandatory plan"],
            ["css", "Receives the Complémentaire santé solidaire"],
            ["short_fixed_term", "Fixed-term contract shorter than 3 months"],
            ["individual_contract", "Already holds an individual contract, until it ends"],
          ],
        }),
        mutuelle_exemption_proof: file({ title: "Proof of coverage", accept: ".pdf,.jpg,.png" }),
      },
      required: ["social_security_number", "mutuelle_exemption"],
      allOf: [requiredWhen("mutuelle_exemption", "yes", ["mutuelle_exemption_reason", "mutuelle_exemption_proof"])],
      example: (v) => {
        const optOut = v % 3 === 1;
        const person = pick(profile.people, v);
        return {
          social_security_number: `${person.sex === "female" ? 2 : 1}${person.birthDate.slice(2, 4)}${person.birthDate.slice(5, 7)}${pick(["69", "75", "2A", "44"], v)}123456${String(10 + (v % 80)).padStart(2, "0")}`,
          mutuelle_exemption: optOut ? "yes" : "no",
          ...(optOut
            ? { mutuelle_exemption_reason: "covered_as_dependent", mutuelle_exemption_proof: examplePdf("attestation-mutuelle.pdf") }
            : {}),
        };
      },
    },
    employment_document_details: {
      properties: {
        carte_vitale: file({
          title: "Carte Vitale",
          description: "(Optional) Speeds up the health insurance registration.",
          accept: ".pdf,.jpg,.png",
          nullable: true,
        }),
      },
      example: (v) => (v % 2 === 0 ? { carte_vitale: examplePdf("carte-vitale.pdf") } : {}),
    },
    bank_account_details: ibanAccount(profile, {
      alpha2: "FR",
      bbanPattern: "[0-9]{10}[0-9A-Z]{11}[0-9]{2}",
      length: 27,
      bankNames: ["BNP Paribas", "Société Générale", "Crédit Agricole"],
      bbans: ["30004000031234567890143", "30003012340001234567890", "18206000650123456789012"],
    }),
  },
});
