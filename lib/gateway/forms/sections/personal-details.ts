import { requiredWhen } from "../schema/conditions";
import { countries, date, number, select, tel, text, yesNo } from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import type { CountryProfile } from "./profile";

// personal_details: who the worker is, as payroll and the authorities need it.

export const MARITAL_STATUSES = [
  ["single", "Single"],
  ["married", "Married"],
  ["civil_partnership", "Civil partnership"],
  ["divorced", "Divorced"],
  ["widowed", "Widowed"],
] as const;

export function personalDetails(p: CountryProfile, options: { minimumAge: number }): FormParts {
  return {
    properties: {
      date_of_birth: date({
        title: "Date of birth",
        minDate: "1900-01-01",
        minimumAge: options.minimumAge,
        logicValidations: ["minimum_working_age"],
      }),
      nationalities: countries({ title: "Nationalities", description: "Every nationality the worker holds.", minItems: 1 }),
      sex: select({
        title: "Sex",
        description: "As stated on the identity document.",
        options: [
          ["female", "Female"],
          ["male", "Male"],
          ["other", "Other or not stated"],
        ],
      }),
      marital_status: select({ title: "Marital status", options: MARITAL_STATUSES }),
      phone_number: tel({ title: "Mobile phone", description: `International format, e.g. ${p.phoneDescription}.` }),
      has_disability: yesNo({
        title: "Does the worker have a recognised disability?",
        description: "Some countries give tax relief or extra protection; the answer is kept confidential.",
      }),
      disability_percentage: number({
        title: "Recognised degree of disability (%)",
        integer: true,
        minimum: 1,
        maximum: 100,
      }),
      preferred_name: text({ title: "Preferred name", description: "(Optional) How colleagues address the worker.", nullable: true }),
    },
    required: ["date_of_birth", "nationalities", "phone_number", "has_disability"],
    allOf: [requiredWhen("has_disability", "yes", ["disability_percentage"])],
    validations: {
      minimum_working_age: {
        rule: { ">=": [{ date_diff: [{ var: "date_of_birth" }, { today: [] }, "years"] }, options.minimumAge] },
        errorMessage: `The worker must be at least ${options.minimumAge} years old.`,
      },
    },
    example: (v) => {
      const person = pick(p.people, v);
      const disability = v % 4 === 2;
      return {
        date_of_birth: person.birthDate,
        nationalities: v % 3 === 2 ? [p.code, "BRA"].filter((c, i, a) => a.indexOf(c) === i) : [p.code],
        sex: person.sex,
        marital_status: pick(["single", "married", "single", "divorced"], v),
        phone_number: person.phone,
        has_disability: disability ? "yes" : "no",
        ...(disability ? { disability_percentage: 60 } : {}),
        ...(v % 3 === 0 ? { preferred_name: person.firstName } : {}),
      };
    },
  };
}
