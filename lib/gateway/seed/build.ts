import "server-only";
import {
  COMPANY_ROLES,
  CONTRACTOR_TYPES,
  EMPLOYMENT_STATUSES,
  ONBOARDING_TASK_KEYS,
  PAY_FREQUENCIES,
  RATE_TYPES,
  type CompanyRole,
  type EmploymentModel,
  type EmploymentStatus,
  type EmploymentType,
  type Environment,
  type LifecycleStage,
  type OnboardingTaskKey,
  type UserStatus,
} from "@/lib/contract";
import { deterministicUuid } from "../crypto";
import type { companies, companyUsers, departments, employmentFiles, employments } from "../db/schema";
import { DEMO, DEMO_COUNTRIES, type DemoCompany } from "./demo";
import { minimalPdf, TINY_PNG } from "./files";
import { createPrng, type Prng } from "./prng";

// Builds the rows of the demo data of one environment, without touching a database: a pure function
// of (environment, base date, forms), so seeding is repeatable and testable.

export type CompanyRow = typeof companies.$inferInsert;
export type CompanyUserRow = typeof companyUsers.$inferInsert;
export type DepartmentRow = typeof departments.$inferInsert;
export type EmploymentRow = typeof employments.$inferInsert;
export type EmploymentFileRow = typeof employmentFiles.$inferInsert;

export interface DemoRows {
  companies: CompanyRow[];
  users: CompanyUserRow[];
  departments: DepartmentRow[];
  employments: EmploymentRow[];
  files: EmploymentFileRow[];
}

/** What the seed needs from the forms registry: which forms a country has, and valid data for one. */
export interface SeedForms {
  listFormNames(code: string): readonly string[];
  exampleSection(code: string, form: string, variant?: number): Record<string, unknown>;
}

export interface BuildOptions {
  environment: Environment;
  /** The date the data is built around (default DEMO.baseDate). */
  baseDate?: Date;
  /** Stored on every seeded company user (one argon2 hash, computed once). */
  passwordHash: string | null;
  forms: SeedForms;
}

// ---------------------------------------------------------------------------------------------
// Ids

export const demoCompanyId = (environment: Environment, companyKey: string) => deterministicUuid(`${environment}:company:${companyKey}`);
export const demoUserId = (environment: Environment, companyKey: string, role: CompanyRole | "team_lead") =>
  deterministicUuid(`${environment}:user:${companyKey}:${role}`);
export const demoDepartmentId = (environment: Environment, companyKey: string, name: string) =>
  deterministicUuid(`${environment}:department:${companyKey}:${name}`);
export const demoEmploymentId = (environment: Environment, companyKey: string, index: number) =>
  deterministicUuid(`${environment}:employment:${companyKey}:${index}`);

/** Ids of every company user the seed creates (the accounts that share GATEWAY_DEMO_PASSWORD). */
export function demoUserIds(environment: Environment): string[] {
  return DEMO.environments[environment].companies.flatMap((c) => seededRolesOf(c).map((role) => demoUserId(environment, c.key, role)));
}

function seededRolesOf(company: DemoCompany): (CompanyRole | "team_lead")[] {
  return [...COMPANY_ROLES, ...(company.users.team_lead ? (["team_lead"] as const) : [])];
}

// ---------------------------------------------------------------------------------------------
// Reference data

const NAMES: Record<
  (typeof DEMO_COUNTRIES)[number],
  { first: readonly string[]; last: readonly string[]; currency: string; taxForm: string }
> = {
  PRT: {
    first: ["João", "Maria", "Ana", "Pedro", "Inês", "Tiago", "Beatriz", "Rui", "Carolina", "Diogo"],
    last: ["Silva", "Santos", "Ferreira", "Pereira", "Costa", "Oliveira", "Rodrigues", "Martins", "Sousa", "Lopes"],
    currency: "EUR",
    taxForm: "irs_declaration",
  },
  DEU: {
    first: ["Lukas", "Anna", "Felix", "Lea", "Jonas", "Mia", "Leon", "Hannah", "Paul", "Clara"],
    last: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann", "Koch", "Richter"],
    currency: "EUR",
    taxForm: "lohnsteuer_declaration",
  },
  FRA: {
    first: ["Louis", "Chloé", "Hugo", "Léa", "Jules", "Manon", "Arthur", "Camille", "Gabriel", "Inès"],
    last: ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau"],
    currency: "EUR",
    taxForm: "prelevement_a_la_source",
  },
  GBR: {
    first: ["Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Jack", "Emily", "Freddie", "Grace"],
    last: ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Evans", "Davies", "Walker", "Hughes"],
    currency: "GBP",
    taxForm: "p45",
  },
  ESP: {
    first: ["Hugo", "Lucía", "Martín", "Sofía", "Pablo", "Martina", "Daniel", "Paula", "Álvaro", "Carmen"],
    last: ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Ruiz"],
    currency: "EUR",
    taxForm: "modelo_145",
  },
  NLD: {
    first: ["Daan", "Emma", "Sem", "Julia", "Lucas", "Tess", "Levi", "Sara", "Finn", "Noor"],
    last: ["de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Visser", "Smit", "Meijer", "de Boer"],
    currency: "EUR",
    taxForm: "loonheffingen",
  },
  USA: {
    first: ["James", "Olivia", "Liam", "Emma", "Noah", "Ava", "Ethan", "Sophia", "Mason", "Harper"],
    last: ["Johnson", "Williams", "Miller", "Davis", "Garcia", "Anderson", "Moore", "Clark", "Lewis", "Young"],
    currency: "USD",
    taxForm: "w4",
  },
  BRA: {
    first: ["Miguel", "Helena", "Arthur", "Alice", "Heitor", "Laura", "Davi", "Valentina", "Bernardo", "Manuela"],
    last: ["Souza", "Lima", "Carvalho", "Almeida", "Ribeiro", "Gomes", "Barbosa", "Araújo", "Rocha", "Dias"],
    currency: "BRL",
    taxForm: "ctps",
  },
};

const JOB_TITLES = [
  "Software Engineer",
  "Senior Software Engineer",
  "Product Designer",
  "Data Analyst",
  "Account Executive",
  "Customer Success Manager",
  "Operations Lead",
  "HR Business Partner",
  "Finance Analyst",
  "Marketing Manager",
  "QA Engineer",
  "DevOps Engineer",
  "Technical Writer",
  "Sales Development Representative",
] as const;

const CONTRACTOR_TITLES = ["Freelance Developer", "Design Consultant", "Copywriter", "Data Consultant", "Translator"] as const;

/** The stages and user statuses each employment status goes with (first is the usual one). */
const STATUS_PROFILES: Record<EmploymentStatus, { stages: readonly LifecycleStage[]; userStatus: UserStatus }> = {
  created: { stages: ["employment_creation"], userStatus: "created" },
  pre_hire: { stages: ["employment_creation"], userStatus: "created" },
  created_awaiting_reserve: { stages: ["employment_creation"], userStatus: "created" },
  created_reserve_paid: { stages: ["employment_creation"], userStatus: "created" },
  initiated: { stages: ["employment_creation", "employee_self_enrollment"], userStatus: "initiated" },
  invited: { stages: ["employee_self_enrollment"], userStatus: "initiated" },
  pending: { stages: ["right_to_work_check"], userStatus: "active" },
  review: { stages: ["contract_signing", "right_to_work_check"], userStatus: "active" },
  job_title_review: { stages: ["contract_signing"], userStatus: "active" },
  pending_post_self_enrollment_actions: { stages: ["remote_enrollment"], userStatus: "active" },
  offboarding: { stages: ["onboarded"], userStatus: "active" },
  active: { stages: ["onboarded"], userStatus: "active" },
  archived: { stages: ["offboarded"], userStatus: "inactive" },
  deleted: { stages: ["offboarded"], userStatus: "deleted" },
};

/** How far onboarding went, per stage: 0 nothing yet … 4 done. */
const STAGE_PROGRESS: Record<LifecycleStage, number> = {
  employment_creation: 0,
  employee_self_enrollment: 1,
  right_to_work_check: 2,
  contract_signing: 2,
  remote_enrollment: 3,
  onboarded: 4,
  offboarded: 4,
};

/** Tasks the worker fills during self-enrolment (the employer fills pricing and contract details at creation). */
const WORKER_TASKS: readonly OnboardingTaskKey[] = [
  "personal_details",
  "address_details",
  "emergency_contact_details",
  "administrative_details",
  "billing_address_details",
  "bank_account_details",
];

/** One employment the first company must have, so it covers every type, model, status and stage. */
interface Profile {
  status: EmploymentStatus;
  type?: EmploymentType;
  model?: EmploymentModel | null;
  stage?: LifecycleStage;
  userStatus?: UserStatus;
}

const COVERAGE_PROFILES: readonly Profile[] = [
  { status: "active", type: "employee", model: "eor" },
  { status: "active", type: "contractor", model: null },
  { status: "active", type: "direct_employee", model: null },
  { status: "active", type: "global_payroll_employee", model: "global_payroll" },
  { status: "active", type: "employee", model: "peo" },
  { status: "created", type: "employee", model: "eor" },
  { status: "pre_hire", type: "employee", model: "eor" },
  { status: "created_awaiting_reserve", type: "employee", model: "eor" },
  { status: "created_reserve_paid", type: "employee", model: "eor" },
  { status: "initiated", type: "employee", model: "eor", stage: "employment_creation" },
  { status: "initiated", type: "contractor", model: null, stage: "employee_self_enrollment" },
  { status: "invited", type: "employee", model: "eor" },
  { status: "pending", type: "employee", model: "eor" },
  { status: "review", type: "employee", model: "eor", stage: "contract_signing" },
  { status: "review", type: "contractor", model: null, stage: "right_to_work_check" },
  { status: "job_title_review", type: "employee", model: "eor" },
  { status: "pending_post_self_enrollment_actions", type: "employee", model: "eor" },
  { status: "offboarding", type: "employee", model: "eor" },
  { status: "archived", type: "employee", model: "eor" },
  { status: "deleted", type: "employee", model: "eor", stage: "offboarded", userStatus: "deleted" },
  // Cancelled before activation: deleted during creation.
  { status: "deleted", type: "contractor", model: null, stage: "employment_creation", userStatus: "cancelled" },
];

// ---------------------------------------------------------------------------------------------
// Helpers

const DAY = 86_400_000;

function asciiSlug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function pickType(prng: Prng): { type: EmploymentType; model: EmploymentModel | null } {
  const r = prng.next();
  if (r < 0.6) return { type: "employee", model: prng.chance(0.85) ? "eor" : "peo" };
  if (r < 0.8) return { type: "contractor", model: null };
  if (r < 0.9) return { type: "direct_employee", model: null };
  return { type: "global_payroll_employee", model: "global_payroll" };
}

/** Statuses weighted towards active for an active company, towards early ones for a company not yet active. */
function pickStatus(prng: Prng, companyActive: boolean): EmploymentStatus {
  if (!companyActive) return prng.pick<EmploymentStatus>(["created", "created", "pre_hire", "initiated", "invited"]);
  if (prng.chance(0.45)) return "active";
  return prng.pick(EMPLOYMENT_STATUSES);
}

// ---------------------------------------------------------------------------------------------

/** All rows of the demo data of one environment. */
export function buildDemoRows(options: BuildOptions): DemoRows {
  const { environment, forms, passwordHash } = options;
  const base = options.baseDate ?? new Date(DEMO.baseDate);
  const at = (daysOffset: number, prng?: Prng) => new Date(base.getTime() + daysOffset * DAY + (prng ? prng.int(0, 8 * 3600) * 1000 : 0));
  const prng = createPrng(`roster-demo:${environment}:v${DEMO.seedVersion}`);
  const rows: DemoRows = { companies: [], users: [], departments: [], employments: [], files: [] };
  const usedEmails = new Set<string>();
  const usedShortIds = new Set<string>();
  const formCache = new Map<string, ReadonlySet<string>>();
  const hasForm = (code: string, form: string) => {
    let set = formCache.get(code);
    if (!set) {
      set = new Set(forms.listFormNames(code));
      formCache.set(code, set);
    }
    return set.has(form);
  };

  DEMO.environments[environment].companies.forEach((company, companyIndex) => {
    const companyId = demoCompanyId(environment, company.key);
    rows.companies.push({
      id: companyId,
      name: company.name,
      status: company.status,
      countryCode: company.countryCode,
      createdAt: at(-900 + companyIndex * 120, prng),
    });

    const userIdByRole = new Map<string, string>();
    for (const role of seededRolesOf(company)) {
      const user = role === "team_lead" ? company.users.team_lead : company.users[role];
      if (!user) continue;
      const id = demoUserId(environment, company.key, role);
      userIdByRole.set(role, id);
      rows.users.push({
        id,
        companyId,
        name: user.name,
        email: user.email,
        role: role === "team_lead" ? "people_manager" : role,
        status: "active",
        passwordHash,
        createdAt: at(-880 + companyIndex * 120 + rows.users.length, prng),
      });
    }
    // Users who may be set as an employment's manager (spec 4.1: owner, admin, people_manager).
    const managerIds = ["people_manager", "team_lead", "admin", "owner"].flatMap((r) => userIdByRole.get(r) ?? []);

    const departmentIds = company.departments.map((name, i) => {
      const id = demoDepartmentId(environment, company.key, name);
      rows.departments.push({ id, companyId, name, createdAt: at(-870 + companyIndex * 120 + i, prng) });
      return id;
    });

    for (let index = 0; index < company.employments; index++) {
      const profile: Profile =
        companyIndex === 0 && index < COVERAGE_PROFILES.length
          ? (COVERAGE_PROFILES[index] as Profile)
          : { status: pickStatus(prng, company.status === "active") };
      const kind = profile.type !== undefined ? { type: profile.type, model: profile.model ?? null } : pickType(prng);
      // The first company spreads its first employments over every country, then picks at random.
      const countryCode = companyIndex === 0 && index < DEMO_COUNTRIES.length ? DEMO_COUNTRIES[index]! : prng.pick(DEMO_COUNTRIES);
      const statusProfile = STATUS_PROFILES[profile.status];
      const stage = profile.stage ?? prng.pick(statusProfile.stages);
      const userStatus = profile.userStatus ?? statusProfile.userStatus;
      const progress = STAGE_PROGRESS[stage];
      const isContractor = kind.type === "contractor";
      const people = NAMES[countryCode];

      // Identity
      let firstName = prng.pick(people.first);
      let lastName = prng.pick(people.last);
      let emailLocal = `${asciiSlug(firstName)}.${asciiSlug(lastName)}`;
      for (let attempt = 2; usedEmails.has(emailLocal); attempt++) {
        firstName = prng.pick(people.first);
        lastName = prng.pick(people.last);
        emailLocal = `${asciiSlug(firstName)}.${asciiSlug(lastName)}${attempt > 4 ? attempt : ""}`;
      }
      usedEmails.add(emailLocal);
      // The demo company's people manager is also one of its employees (so their reports have a
      // manager_employment_id: the employment whose login e-mail is the manager's).
      const managerAsEmployee = companyIndex === 0 && index === 0 ? company.users.people_manager : null;
      const fullName = managerAsEmployee?.name ?? `${firstName} ${lastName}`;
      const personalEmail = managerAsEmployee?.email ?? `${emailLocal}@mail.example`;
      const workEmail = managerAsEmployee?.email ?? `${emailLocal}@${company.domain}`;
      let shortId = prng.code(6);
      while (usedShortIds.has(shortId)) shortId = prng.code(6);
      usedShortIds.add(shortId);
      const drawnTitle = isContractor ? prng.pick(CONTRACTOR_TITLES) : prng.pick(JOB_TITLES);
      const jobTitle = managerAsEmployee ? "People Manager" : drawnTitle;

      // Dates: early stages start in the future; later ones started in the past.
      const createdDaysAgo = progress === 0 ? prng.int(1, 30) : progress <= 2 ? prng.int(20, 90) : prng.int(120, 800);
      const createdAt = at(-createdDaysAgo, prng);
      const start = progress <= 2 ? at(prng.int(14, 75)) : at(-createdDaysAgo + prng.int(20, 45));
      const updatedAt = new Date(
        Math.min(base.getTime() - 60_000, createdAt.getTime() + prng.int(1, Math.max(1, createdDaysAgo - 1)) * DAY),
      );
      const hasSeniority = !isContractor && prng.chance(0.25);
      const seniorityDate = hasSeniority ? isoDate(new Date(start.getTime() - prng.int(365, 5 * 365) * DAY)) : null;
      const probationEnd =
        kind.type === "employee" && progress >= 3 && prng.chance(0.6) ? isoDate(new Date(start.getTime() + 180 * DAY)) : null;

      // Onboarding tasks: the employer's at creation (pricing always), the worker's through self-enrolment.
      const completed = new Set<OnboardingTaskKey>(["pricing_plan_details"]);
      if (progress >= 1 || prng.chance(0.5)) completed.add("contract_details");
      if (progress === 1) for (const t of WORKER_TASKS) if (prng.chance(0.4)) completed.add(t);
      if (progress === 2) for (const t of WORKER_TASKS) if (prng.chance(0.85)) completed.add(t);
      if (progress >= 3) for (const t of WORKER_TASKS) completed.add(t);
      if (progress >= 4 || (progress === 3 && prng.chance(0.5))) completed.add("employment_document_details");

      const variant = prng.int(0, 4);
      const section = (form: string): Record<string, unknown> | null =>
        hasForm(countryCode, form) ? forms.exampleSection(countryCode, form, variant) : null;
      const filled = (task: OnboardingTaskKey) => (completed.has(task) ? section(task) : null);

      const basicForm =
        isContractor && hasForm(countryCode, "contractor_basic_information")
          ? "contractor_basic_information"
          : "employment_basic_information";
      const drawnManager = managerIds.length > 0 && prng.chance(0.6) ? prng.pick(managerIds) : null;
      const managerUserId = managerAsEmployee ? (userIdByRole.get("owner") ?? null) : drawnManager;
      const departmentId = departmentIds.length > 0 && prng.chance(0.7) ? prng.pick(departmentIds) : null;
      const externalId = prng.chance(0.4) ? `HR-${company.key.toUpperCase()}-${1000 + index}` : null;
      // Contractors may have no start date yet (spec 2.1: optional for contractors).
      const provisionalStartDate = isContractor && prng.chance(0.3) ? null : isoDate(start);
      const usesContractorForm = basicForm === "contractor_basic_information";
      const basicInformation: Record<string, unknown> = {
        ...(section(basicForm) ?? {}),
        name: fullName,
        email: personalEmail,
        job_title: jobTitle,
        work_email: workEmail,
      };
      if (provisionalStartDate) basicInformation.provisional_start_date = provisionalStartDate;
      else delete basicInformation.provisional_start_date;
      // The employee form asks about seniority; the contractor form has no such field.
      if (!usesContractorForm) {
        basicInformation.has_seniority_date = hasSeniority ? "yes" : "no";
        if (seniorityDate) basicInformation.seniority_date = seniorityDate;
        else delete basicInformation.seniority_date;
      }
      const formContractorType = basicInformation.contractor_type;

      const id = demoEmploymentId(environment, company.key, index);
      const active = progress >= 4;
      const pricingFrequency = prng.chance(0.7) ? "monthly" : "annually";

      // Contractor rates are decimals (spec 2.1 contractor_rate: "amount.amount: number, decimal rate").
      const rateType = prng.pick(RATE_TYPES);
      const contractorRate =
        isContractor && prng.chance(0.8)
          ? {
              amount: {
                amount: (rateType === "hourly" ? prng.int(2500, 15000) : prng.int(20000, 900000)) / 100,
                currency: { code: people.currency },
              },
              pay_frequency: rateType === "one_off" ? null : prng.pick(PAY_FREQUENCIES),
              slug: `${shortId.toLowerCase()}-${rateType.replace("_", "-")}`,
              type: rateType,
            }
          : null;

      rows.employments.push({
        id,
        shortId,
        companyId,
        userId: deterministicUuid(`${environment}:employment-user:${company.key}:${index}`),
        type: kind.type,
        employmentModel: kind.model,
        status: profile.status,
        lifecycleStage: stage,
        userStatus,
        fullName,
        jobTitle,
        personalEmail,
        loginEmail: personalEmail,
        workEmail,
        managerUserId,
        departmentId,
        externalId,
        provisionalStartDate,
        seniorityDate,
        probationPeriodEndDate: probationEnd,
        activeContractId: progress >= 3 ? deterministicUuid(`${environment}:contract:${id}`) : null,
        countryCode,
        basicInformation,
        personalDetails: filled("personal_details"),
        addressDetails: filled("address_details"),
        workAddressDetails: progress >= 2 ? section("work_address_details") : null,
        billingAddressDetails: filled("billing_address_details"),
        administrativeDetails: filled("administrative_details"),
        contractDetails: filled("contract_details"),
        emergencyContactDetails: filled("emergency_contact_details"),
        bankAccountDetails:
          completed.has("bank_account_details") && hasForm(countryCode, "bank_account_details") ? [section("bank_account_details")!] : null,
        pricingPlanDetails: { frequency: pricingFrequency },
        employmentDocumentDetails: filled("employment_document_details"),
        onboardingTasks: Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, completed.has(k) ? "completed" : "pending"])) as Record<
          OnboardingTaskKey,
          "completed" | "pending"
        >,
        contractorType: isContractor
          ? (CONTRACTOR_TYPES as readonly unknown[]).includes(formContractorType)
            ? (formContractorType as (typeof CONTRACTOR_TYPES)[number])
            : CONTRACTOR_TYPES[index % CONTRACTOR_TYPES.length]!
          : null,
        contractorSettings: isContractor ? { requires_work_confirmation: prng.chance(0.5) } : null,
        contractorRate,
        createdAt,
        updatedAt: updatedAt < createdAt ? createdAt : updatedAt,
      });

      // Files: an identity document once the right-to-work check started, the signed agreement once
      // past signing, and a tax form for onboarded workers.
      const fileAt = (days: number) => new Date(Math.min(base.getTime() - 60_000, createdAt.getTime() + days * DAY));
      if (progress >= 2) {
        const subType = prng.chance(0.5) ? "passport" : "national_id";
        rows.files.push({
          id: deterministicUuid(`${environment}:file:${id}:id`),
          employmentId: id,
          companyId,
          name: `${subType}-${asciiSlug(fullName.split(" ").at(-1) ?? "document")}.png`,
          type: "id",
          subType,
          contentType: "image/png",
          content: TINY_PNG,
          insertedAt: fileAt(5),
        });
      }
      if (progress >= 3) {
        rows.files.push({
          id: deterministicUuid(`${environment}:file:${id}:contract`),
          employmentId: id,
          companyId,
          name: isContractor ? "contractor-agreement.pdf" : "employment-agreement.pdf",
          type: "contract",
          subType: isContractor ? "contractor_agreement" : "employment_agreement",
          contentType: "application/pdf",
          content: minimalPdf([
            isContractor ? "Contractor agreement" : "Employment agreement",
            `${company.name} and ${fullName}`,
            `Role: ${jobTitle}`,
            `Start date: ${isoDate(start)}`,
            "Demo document generated by Roster's seed.",
          ]),
          insertedAt: fileAt(10),
        });
      }
      if (active && !isContractor) {
        rows.files.push({
          id: deterministicUuid(`${environment}:file:${id}:tax_form`),
          employmentId: id,
          companyId,
          name: `tax-form-${people.taxForm.replace(/_/g, "-")}.pdf`,
          type: "tax_form",
          subType: people.taxForm,
          contentType: "application/pdf",
          content: minimalPdf(["Tax form", fullName, `Form: ${people.taxForm}`, `Country: ${countryCode}`]),
          insertedAt: fileAt(15),
        });
      }
    }
  });

  return rows;
}
