import { branch, fieldIs, forbid, ifThenElse, refine, requiredWhen, requires } from "../schema/conditions";
import {
  acknowledgement,
  fieldset,
  money,
  number,
  radio,
  select,
  statement,
  textarea,
  time,
  yesNo,
  type JsonSchema,
} from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import type { CountryProfile } from "./profile";

// contract_details: the terms of the employment agreement. The shape is common (schedule, salary,
// duration, probation, time off, bonus, equity); the limits are the country's law.

export interface ContractRules {
  /** Full-time statutory minimum annual gross salary, in minor units. */
  minimumAnnualSalary: number;
  /** Shown when a full-time salary is below the minimum. */
  minimumSalaryMessage: string;
  salaryDescription: string;
  /** Statutory paid time off for a full-time employee, in working days a year. */
  statutoryPtoDays: number;
  ptoDescription: string;
  probationMaxDays: number;
  probationDescription: string;
  /** Fixed-term contracts, or null where only indefinite contracts are offered. */
  fixedTerm: { maxMonths: number; reasonRequired: boolean; description: string } | null;
  /** Only an indefinite contract: why, shown on the forced field. */
  indefiniteOnlyDescription?: string;
  /** Full-time salaries the examples use (minor units, each at least the minimum). */
  salaryExamples: readonly number[];
}

/** The choices example variant `v` makes, so that country extensions stay consistent with them. */
export function contractVariant(p: CountryProfile, rules: ContractRules, v: number) {
  const partTime = v % 2 === 1;
  const hours = partTime ? pick([20, 24, 30], v) : p.fullTimeHours;
  const fullTimeSalary = pick(rules.salaryExamples, v);
  const salary = partTime ? Math.floor((fullTimeSalary * hours) / p.fullTimeHours) : fullTimeSalary;
  return {
    partTime,
    hours,
    salary,
    fixedTerm: rules.fixedTerm !== null && v % 3 === 2,
    bonus: v % 4 === 1 || v % 4 === 2,
    equity: v % 3 === 0,
  };
}

export function contractDetails(p: CountryProfile, rules: ContractRules): FormParts {
  const fullTime = p.fullTimeHours;
  const pay = (o: Omit<Parameters<typeof money>[0], "currency">) => money({ ...o, currency: p.currency });
  // Part-time minimum: the full-time minimum pro rata of the hours, rounded down to the cent.
  const proRata: JsonSchema = { "/": [{ "*": [rules.minimumAnnualSalary, { var: "work_hours_per_week" }] }, fullTime] };

  const durationProperties: Record<string, JsonSchema> = rules.fixedTerm
    ? {
        contract_duration_type: radio({
          title: "Contract duration",
          options: [
            ["indefinite", "Indefinite", "The contract runs until either party ends it."],
            ["fixed_term", "Fixed term", rules.fixedTerm.description],
          ],
        }),
        contract_duration_months: number({
          title: "Duration (months)",
          integer: true,
          minimum: 1,
          maximum: rules.fixedTerm.maxMonths,
          errorMessage: { maximum: `A fixed-term contract in ${p.name} can last at most ${rules.fixedTerm.maxMonths} months.` },
        }),
        ...(rules.fixedTerm.reasonRequired
          ? {
              fixed_term_reason: textarea({
                title: "Reason for the fixed term",
                description: `${p.name} allows fixed-term contracts only for a reason the law accepts (e.g. a temporary increase in activity or replacing an absent employee).`,
                minLength: 20,
                maxLength: 1000,
              }),
            }
          : {}),
      }
    : {
        contract_duration_type: radio({
          title: "Contract duration",
          description: rules.indefiniteOnlyDescription,
          options: [["indefinite", "Indefinite"]],
          extra: { const: "indefinite", default: "indefinite" },
        }),
      };

  const fixedTermFields = rules.fixedTerm
    ? ["contract_duration_months", ...(rules.fixedTerm.reasonRequired ? ["fixed_term_reason"] : [])]
    : [];

  return {
    properties: {
      ...durationProperties,
      work_schedule: radio({
        title: "Work schedule",
        options: [
          ["full_time", "Full-time"],
          ["part_time", "Part-time"],
        ],
        direction: "row",
      }),
      work_hours_per_week: number({ title: "Hours per week", minimum: 1, maximum: fullTime, multipleOf: 0.5 }),
      work_start_time: time({
        title: "Usual start of the working day",
        description: "(Optional) 24-hour clock, e.g. 09:00.",
        nullable: true,
      }),
      annual_gross_salary: pay({
        title: "Annual gross salary",
        description: rules.salaryDescription,
        minimum: 1,
      }),
      part_time_salary_confirmation: acknowledgement({
        title: "I confirm the salary is the part-time amount, not the full-time equivalent.",
      }),
      has_bonus: yesNo({ title: "Will the employee receive a bonus?" }),
      bonus_amount: pay({ title: "Target annual bonus", logicValidations: ["bonus_not_above_salary"] }),
      bonus_details: textarea({
        title: "Bonus details",
        description: "(Optional) Targets, payment dates, conditions.",
        maxLength: 1000,
        nullable: true,
      }),
      probation_period_days: number({
        title: "Probation period (days)",
        description: rules.probationDescription,
        integer: true,
        minimum: 0,
        maximum: rules.probationMaxDays,
        errorMessage: { maximum: `The probation period in ${p.name} cannot exceed ${rules.probationMaxDays} days.` },
      }),
      available_pto: number({ title: "Paid time off (working days a year)", description: rules.ptoDescription, minimum: 0, maximum: 60 }),
      pto_notice: statement({
        title: "Statutory time off",
        statementTitle:
          rules.statutoryPtoDays > 0
            ? `At least ${rules.statutoryPtoDays} days of paid time off a year for a full-time employee.`
            : `${p.name} sets no statutory minimum of paid time off.`,
        statementDescription:
          rules.statutoryPtoDays > 0 ? "Public holidays come on top. Pro-rate the days for part-time schedules." : rules.ptoDescription,
      }),
      role_description: textarea({
        title: "Role description",
        description: "The main duties. It goes into the employment agreement.",
        minLength: 50,
        maxLength: 5000,
        errorMessage: { minLength: "Describe the role in at least 50 characters." },
      }),
      experience_level: select({
        title: "Experience level",
        options: [
          ["entry", "Entry level"],
          ["mid", "Mid level"],
          ["senior", "Senior"],
          ["lead", "Lead or principal"],
          ["executive", "Executive"],
        ],
      }),
      equity_compensation: fieldset({
        title: "Equity",
        properties: {
          offer_equity_compensation: yesNo({ title: "Will the employee receive equity?" }),
          equity_description: textarea({
            title: "Equity grant",
            description: "Type, number of units, vesting schedule, strike price.",
            maxLength: 1000,
          }),
        },
        required: ["offer_equity_compensation"],
        allOf: [requiredWhen("offer_equity_compensation", "yes", ["equity_description"])],
      }),
    },
    required: [
      "contract_duration_type",
      "work_schedule",
      "annual_gross_salary",
      "has_bonus",
      "probation_period_days",
      "available_pto",
      "role_description",
      "experience_level",
      "equity_compensation",
    ],
    allOf: [
      // Schedule, nested: part-time → hours in range, a pro-rata minimum salary and a confirmation;
      // full-time → the statutory hours, forced; no answer yet → no hours.
      ifThenElse(
        fieldIs("work_schedule", "part_time"),
        branch(
          requires("work_hours_per_week", "part_time_salary_confirmation"),
          refine({
            work_hours_per_week: { maximum: fullTime - 0.5 },
            annual_gross_salary: {
              "x-jsf-logic-computedAttrs": {
                minimum: "minimum_part_time_salary_in_cents",
                "x-jsf-errorMessage": {
                  minimum: `For this part-time schedule the minimum annual gross salary is {{minimum_part_time_salary}} ${p.currency}.`,
                },
              },
            },
          }),
        ),
        branch(
          forbid("part_time_salary_confirmation"),
          ifThenElse(
            fieldIs("work_schedule", "full_time"),
            branch(
              requires("work_hours_per_week"),
              refine({
                work_hours_per_week: {
                  const: fullTime,
                  default: fullTime,
                  "x-jsf-presentation": { statement: { title: `A full-time week in ${p.name} is ${fullTime} hours.` } },
                },
                annual_gross_salary: { minimum: rules.minimumAnnualSalary, "x-jsf-errorMessage": { minimum: rules.minimumSalaryMessage } },
                ...(rules.statutoryPtoDays > 0
                  ? {
                      available_pto: {
                        minimum: rules.statutoryPtoDays,
                        "x-jsf-errorMessage": {
                          minimum: `Full-time employees in ${p.name} are entitled to at least ${rules.statutoryPtoDays} days of paid time off.`,
                        },
                      },
                    }
                  : {}),
              }),
            ),
            forbid("work_hours_per_week"),
          ),
        ),
      ),
      ...(rules.fixedTerm ? [requiredWhen("contract_duration_type", "fixed_term", fixedTermFields)] : []),
      requiredWhen("has_bonus", "yes", ["bonus_amount"], { else: forbid("bonus_details") }),
    ],
    order: [
      "contract_duration_type",
      ...fixedTermFields,
      "work_schedule",
      "work_hours_per_week",
      "work_start_time",
      "annual_gross_salary",
      "part_time_salary_confirmation",
      "has_bonus",
      "bonus_amount",
      "bonus_details",
      "probation_period_days",
      "available_pto",
      "pto_notice",
      "role_description",
      "experience_level",
      "equity_compensation",
    ],
    fieldsets: {
      schedule: { title: "Working time", propertiesByName: ["work_schedule", "work_hours_per_week", "work_start_time"] },
      salary: { title: "Salary", propertiesByName: ["annual_gross_salary", "part_time_salary_confirmation"] },
      bonus: { title: "Bonus", propertiesByName: ["has_bonus", "bonus_amount", "bonus_details"] },
    },
    validations: {
      bonus_not_above_salary: {
        rule: {
          or: [
            { "!": { var: "bonus_amount" } },
            { "!": { var: "annual_gross_salary" } },
            { "<=": [{ var: "bonus_amount" }, { var: "annual_gross_salary" }] },
          ],
        },
        errorMessage: "The target bonus cannot be higher than the annual gross salary.",
      },
    },
    computedValues: {
      minimum_part_time_salary_in_cents: {
        rule: { if: [{ var: "work_hours_per_week" }, { "-": [proRata, { "%": [proRata, 1] }] }, 0] },
      },
      minimum_part_time_salary: {
        rule: { if: [{ var: "work_hours_per_week" }, { "/": [{ "-": [proRata, { "%": [proRata, 1] }] }, 100] }, 0] },
      },
    },
    example: (v) => {
      const c = contractVariant(p, rules, v);
      return {
        contract_duration_type: c.fixedTerm ? "fixed_term" : "indefinite",
        ...(c.fixedTerm && rules.fixedTerm
          ? {
              contract_duration_months: Math.min(12, rules.fixedTerm.maxMonths),
              ...(rules.fixedTerm.reasonRequired ? { fixed_term_reason: "Temporary increase in activity during the product launch." } : {}),
            }
          : {}),
        work_schedule: c.partTime ? "part_time" : "full_time",
        work_hours_per_week: c.hours,
        ...(c.partTime ? { part_time_salary_confirmation: "acknowledged" } : {}),
        ...(v % 2 === 0 ? { work_start_time: "09:00" } : {}),
        annual_gross_salary: c.salary,
        has_bonus: c.bonus ? "yes" : "no",
        ...(c.bonus
          ? {
              bonus_amount: Math.floor(c.salary / 1000) * 100,
              ...(v % 4 === 1 ? { bonus_details: "Paid yearly in March against company and personal goals." } : {}),
            }
          : {}),
        probation_period_days: Math.min(rules.probationMaxDays, pick([90, 60, 30], v)),
        available_pto: c.partTime ? rules.statutoryPtoDays : rules.statutoryPtoDays + pick([0, 2, 5], v),
        role_description: pick(
          [
            "Designs, builds and operates the services behind the customer-facing product, and reviews the work of peers.",
            "Owns the relationship with a portfolio of customers, from onboarding to renewal, and reports on their health.",
            "Analyses product and financial data, builds dashboards and supports decisions with clear written recommendations.",
          ],
          v,
        ),
        experience_level: pick(["mid", "senior", "entry", "lead"], v),
        equity_compensation: c.equity
          ? { offer_equity_compensation: "yes", equity_description: "2,000 options vesting over four years with a one-year cliff." }
          : { offer_equity_compensation: "no" },
      };
    },
  };
}
