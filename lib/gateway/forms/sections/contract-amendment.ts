import { branch, fieldIs, forbid, ifThenElse, refine, requiredWhen, requires } from "../schema/conditions";
import { date, money, number, radio, select, statement, text, textarea } from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import { EXAMPLE_START_DATES, type CountryProfile } from "./profile";

// contract_amendment: a change to an active contract. It names what changes (at least one of
// salary, job title, schedule, time off), from when, and why.

const CHANGES = ["annual_gross_salary", "job_title", "work_schedule", "available_pto"] as const;

export function contractAmendment(
  p: CountryProfile,
  o: { minimumAnnualSalary: number; minimumSalaryMessage: string; noticeDays: number },
): FormParts {
  return {
    properties: {
      effective_date: date({
        title: "Effective date",
        description: `Changes need ${o.noticeDays} working days to be processed before they take effect.`,
        minimumOnboardingDays: o.noticeDays,
      }),
      // The provider's field and values (RequestDetails.reason_for_change in types.gen.ts).
      reason_for_change: select({
        title: "Reason for the amendment",
        options: [
          ["annual_pay_adjustment", "Annual pay adjustment"],
          ["promotion", "Promotion"],
          ["job_change_reevaluation", "Job change or reevaluation"],
          ["country_rule_change", "Country rule change"],
          ["error_correction", "Error correction"],
          ["other", "Other"],
        ],
      }),
      reason_for_change_description: textarea({ title: "Explain the reason", maxLength: 1000, minLength: 10 }),
      annual_gross_salary: money({
        title: "New annual gross salary",
        currency: p.currency,
        minimum: 1,
        description: "Leave empty to keep the current salary.",
        // A display template: the form shows the monthly amount as the user types.
        computedAttrs: {
          description: `About {{monthly_gross_salary}} ${p.currency} a month before tax. Leave empty to keep the current salary.`,
        },
      }),
      job_title: text({ title: "New job title", pattern: "\\S" }),
      work_schedule: radio({
        title: "New work schedule",
        options: [
          ["full_time", "Full-time"],
          ["part_time", "Part-time"],
        ],
        direction: "row",
      }),
      work_hours_per_week: number({ title: "New hours per week", minimum: 1, maximum: p.fullTimeHours - 0.5, multipleOf: 0.5 }),
      available_pto: number({ title: "New paid time off (days a year)", minimum: 0, maximum: 60 }),
      signature_notice: statement({
        title: "Signature",
        statementTitle: "The employee signs the amendment before it takes effect.",
        severity: "warning",
      }),
    },
    required: ["effective_date", "reason_for_change"],
    // An amendment must change something.
    anyOf: CHANGES.map((c) => ({ required: [c] })),
    allOf: [
      requiredWhen("reason_for_change", "other", ["reason_for_change_description"]),
      ifThenElse(fieldIs("reason_for_change", "promotion"), requires("job_title")),
      // A part-time schedule needs its hours; a full-time one takes the statutory week, so no hours.
      ifThenElse(
        fieldIs("work_schedule", "part_time"),
        requires("work_hours_per_week"),
        branch(
          forbid("work_hours_per_week"),
          ifThenElse(
            fieldIs("work_schedule", "full_time"),
            refine({ annual_gross_salary: { minimum: o.minimumAnnualSalary, "x-jsf-errorMessage": { minimum: o.minimumSalaryMessage } } }),
          ),
        ),
      ),
    ],
    order: [
      "effective_date",
      "reason_for_change",
      "reason_for_change_description",
      ...CHANGES.slice(0, 3),
      "work_hours_per_week",
      "available_pto",
      "signature_notice",
    ],
    computedValues: {
      monthly_gross_salary: { rule: { if: [{ var: "annual_gross_salary" }, { "/": [{ var: "annual_gross_salary" }, 1200] }, null] } },
    },
    example: (v) => {
      const kind = pick(["annual_pay_adjustment", "promotion", "job_change_reevaluation", "other"] as const, v);
      const base = { effective_date: pick(EXAMPLE_START_DATES, v + 3), reason_for_change: kind };
      switch (kind) {
        case "annual_pay_adjustment":
          return { ...base, annual_gross_salary: o.minimumAnnualSalary + 1_000_000 + v * 50_000 };
        case "promotion":
          return { ...base, job_title: "Senior Software Engineer", annual_gross_salary: o.minimumAnnualSalary + 2_000_000 };
        case "job_change_reevaluation":
          return { ...base, work_schedule: "part_time", work_hours_per_week: Math.floor(p.fullTimeHours * 0.6) };
        default:
          return { ...base, reason_for_change_description: "Extra days off agreed in exchange for on-call duty.", available_pto: 27 };
      }
    },
  };
}
