import { requiredWhen } from "../schema/conditions";
import { countries, date, email, fieldset, radio, text, textarea, yesNo, acknowledgement, type JsonSchema } from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import { EXAMPLE_START_DATES, slug, type CountryProfile } from "./profile";

// employment_basic_information and contractor_basic_information: who is hired, as what, from when.
// The employment service maps name → full_name, email → personal_email, job_title,
// provisional_start_date, work_email, seniority_date, manager.id and department.id.

/** A company object picked by id (spec 2.5: fieldset `manager` with `id`); the console lists the candidates. */
function companyReference(title: string, description: string, meta: string, placeholder: string): JsonSchema {
  return fieldset({
    title,
    nullable: true,
    properties: {
      id: {
        title,
        description,
        type: ["string", "null"],
        format: "uuid",
        "x-jsf-presentation": { inputType: "select", meta, placeholder },
      },
    },
  });
}

const nameField = () =>
  text({
    title: "Full name",
    description: "Full legal name as it appears on the identity document.",
    pattern: "\\S",
    errorMessage: { pattern: "Enter the full name." },
  });

const jobTitleField = (description: string) => text({ title: "Job title", description, pattern: "\\S" });

const startDateField = (p: CountryProfile, optional = false) =>
  date({
    title: "Provisional start date",
    description: `The minimum onboarding time for ${p.name} is ${p.minimumOnboardingDays} working days. The start date is confirmed once the worker completes self-enrolment.`,
    minimumOnboardingDays: p.minimumOnboardingDays,
    nullable: optional,
  });

export function exampleEmail(p: CountryProfile, variant: number): string {
  const person = pick(p.people, variant);
  const round = Math.floor(variant / p.people.length);
  return `${slug(person.firstName)}.${slug(person.lastName)}${round > 0 ? `+${round}` : ""}@example.${p.code.toLowerCase()}`;
}

export function exampleName(p: CountryProfile, variant: number): string {
  const person = pick(p.people, variant);
  return `${person.firstName} ${person.lastName}`;
}

const JOB_TITLES = [
  "Software Engineer",
  "Product Designer",
  "Account Executive",
  "Data Analyst",
  "Customer Success Manager",
  "Engineering Manager",
];

export function employmentBasicInformation(p: CountryProfile): FormParts {
  return {
    properties: {
      name: nameField(),
      email: email({ title: "Personal email", description: "The employee signs in with this address." }),
      work_email: email({ title: "Work email", description: "The employee's company address, e.g. jane@company.com.", nullable: true }),
      job_title: jobTitleField(
        "Licensed professions, blue-collar roles and some C-level titles cannot be hired through an employer of record.",
      ),
      tax_servicing_countries: countries({
        title: "Countries the work is delivered to",
        description: "Where the employee's work is consumed, which is not necessarily where they live.",
      }),
      department: companyReference("Department", "(Optional) The department the employee joins.", "departments", "Select a department"),
      manager: companyReference(
        "Manager",
        "(Optional) The person who manages this employee day to day: an owner, admin or people manager of the company.",
        "team_members",
        "Select a manager",
      ),
      provisional_start_date: startDateField(p),
      has_seniority_date: yesNo({
        title: "Does the employee have a seniority date?",
        description: "Choose Yes if the employee worked for your company before this employment and that time should count.",
      }),
      seniority_date: date({
        title: "Seniority date",
        description: "The date the employee first started working for your company.",
        nullable: true,
        logicValidations: ["seniority_date_not_after_start"],
      }),
    },
    required: ["name", "email", "job_title", "provisional_start_date", "has_seniority_date"],
    allOf: [requiredWhen("has_seniority_date", "yes", ["seniority_date"])],
    order: [
      "name",
      "email",
      "work_email",
      "job_title",
      "tax_servicing_countries",
      "department",
      "manager",
      "provisional_start_date",
      "has_seniority_date",
      "seniority_date",
    ],
    fieldsets: { seniority: { title: "Seniority", propertiesByName: ["has_seniority_date", "seniority_date"] } },
    validations: {
      seniority_date_not_after_start: {
        rule: {
          or: [
            { "!": { var: "seniority_date" } },
            { "!": { var: "provisional_start_date" } },
            { ">=": [{ date_diff: [{ var: "seniority_date" }, { var: "provisional_start_date" }, "days"] }, 0] },
          ],
        },
        errorMessage: "The seniority date cannot be later than the provisional start date.",
      },
    },
    example: (v) => {
      const start = pick(EXAMPLE_START_DATES, v);
      const seniority = v % 3 === 1;
      return {
        name: exampleName(p, v),
        email: exampleEmail(p, v),
        ...(v % 2 === 0 ? { work_email: exampleEmail(p, v).replace(/@.*/, "@work.example.com") } : {}),
        job_title: pick(JOB_TITLES, v),
        ...(v % 2 === 1 ? { tax_servicing_countries: [p.code, ...(v % 4 === 3 ? [p.code === "USA" ? "CAN" : "USA"] : [])] } : {}),
        provisional_start_date: start,
        has_seniority_date: seniority ? "yes" : "no",
        ...(seniority ? { seniority_date: `${2019 + (v % 5)}-0${1 + (v % 9)}-15` } : {}),
      };
    },
  };
}

const CONTRACTOR_PRODUCTS = {
  standard: ["standard", "Contractor Management", "You contract and pay the contractor; we handle invoices and payments."],
  plus: ["plus", "Contractor Management Plus", "Adds protection against misclassification claims."],
  cor: ["cor", "Contractor of Record", "We contract with the contractor and take on the compliance risk."],
} as const;

export function contractorBasicInformation(
  p: CountryProfile,
  options: {
    products: readonly (keyof typeof CONTRACTOR_PRODUCTS)[];
    registrationNumber: { title: string; pattern: string; description: string; example: string };
  },
): FormParts {
  const products = options.products.map((k) => CONTRACTOR_PRODUCTS[k]);
  const offersCor = options.products.includes("cor");
  return {
    properties: {
      name: nameField(),
      email: email({ title: "Personal email", description: "The contractor signs in with this address." }),
      work_email: email({ title: "Work email", nullable: true }),
      job_title: jobTitleField("The contractor's role or the service they provide."),
      service_description: textarea({
        title: "Services provided",
        description: "What the contractor delivers. Clear scope helps show an independent relationship.",
        minLength: 20,
        maxLength: 2000,
        errorMessage: { minLength: "Describe the services in at least 20 characters." },
      }),
      provisional_start_date: startDateField(p, true),
      contractor_type: radio({ title: "Contractor product", options: products, direction: "column" }),
      ...(offersCor
        ? {
            cor_acknowledgement: acknowledgement({
              title: "I understand that, as Contractor of Record, the provider signs the contract with the contractor.",
            }),
          }
        : {}),
      is_incorporated: yesNo({ title: "Does the contractor invoice through a company?" }),
      company_name: text({ title: "Company name", pattern: "\\S" }),
      company_registration_number: text({
        title: options.registrationNumber.title,
        description: options.registrationNumber.description,
        pattern: options.registrationNumber.pattern,
        errorMessage: { pattern: `Enter a valid ${options.registrationNumber.title}.` },
      }),
    },
    required: ["name", "email", "job_title", "service_description", "contractor_type", "is_incorporated"],
    allOf: [
      ...(offersCor ? [requiredWhen("contractor_type", "cor", ["cor_acknowledgement"])] : []),
      requiredWhen("is_incorporated", "yes", ["company_name", "company_registration_number"]),
    ],
    example: (v) => {
      const incorporated = v % 2 === 1;
      const product = pick(options.products, v);
      return {
        name: exampleName(p, v + 1),
        email: exampleEmail(p, v + 1),
        job_title: pick(["Freelance Developer", "Brand Designer", "Marketing Consultant", "Technical Writer"], v),
        service_description: "Design and delivery of features for the customer-facing web application, on a monthly statement of work.",
        provisional_start_date: pick(EXAMPLE_START_DATES, v + 2),
        contractor_type: product,
        ...(product === "cor" ? { cor_acknowledgement: "acknowledged" } : {}),
        is_incorporated: incorporated ? "yes" : "no",
        ...(incorporated
          ? {
              company_name: `${pick(p.people, v + 1).lastName} Consulting`,
              company_registration_number: options.registrationNumber.example,
            }
          : {}),
      };
    },
  };
}
