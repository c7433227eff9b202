import "server-only";
import type { ContractChanges } from "@/lib/contract";
import type { employments } from "../db/schema";
import type { FormRegistry } from "../forms/registry";

// Where the terms of a `contract_amendment` form live on an employment, the changes an amendment
// requests (previous → current), and how a done amendment is applied. Pure functions: the API and
// the seed share them. Keys follow the provider's: `contract.job_title`, `compensation.amount`,
// `contract_details.<field>`.

type EmploymentRow = typeof employments.$inferSelect;

/** Form fields that describe the request rather than a term of the contract. */
const REQUEST_FIELDS = new Set([
  "effective_date",
  "reason",
  "reason_details",
  "reason_for_change",
  "reason_for_change_description",
  "additional_comments",
  "additional_comments_toggle",
  "signature_notice",
  // The provider's form asks why a salary goes down; that describes the request, not the contract.
  "salary_decrease_reason",
  "salary_decrease_reason_description",
  "was_employee_informed",
]);

export const JOB_TITLE_KEY = "contract.job_title";
export const SALARY_KEY = "compensation.amount";
const DETAILS_PREFIX = "contract_details.";

/** The change key of a form field. */
export const changeKeyOf = (field: string) =>
  field === "job_title" ? JOB_TITLE_KEY : field === "annual_gross_salary" ? SALARY_KEY : `${DETAILS_PREFIX}${field}`;

/** The contract_details field a change key writes (null for the job title, which lives on the employment). */
const detailsFieldOf = (key: string) =>
  key === SALARY_KEY ? "annual_gross_salary" : key.startsWith(DETAILS_PREFIX) ? key.slice(DETAILS_PREFIX.length) : null;

/** The first `const` a schema gives a property, anywhere in its conditionals (e.g. the full-time week). */
export function findPropertyConst(schema: unknown, field: string): unknown {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== "object") continue;
    const props = (node as { properties?: Record<string, unknown> }).properties;
    const prop = props?.[field] as { const?: unknown } | undefined;
    if (prop && typeof prop === "object" && "const" in prop) return prop.const;
    for (const child of Object.values(node as Record<string, unknown>)) if (child && typeof child === "object") stack.push(child);
  }
  return undefined;
}

export interface ContractTerms {
  jobTitle: string | null;
  contractDetails: Record<string, unknown>;
}

/** The contract as it would read once the amendment applies, the schedule's dependent fields included. */
export function amendedTerms(
  forms: Pick<FormRegistry, "getForm">,
  employment: Pick<EmploymentRow, "countryCode" | "jobTitle" | "contractDetails">,
  data: Record<string, unknown>,
): ContractTerms {
  const next: ContractTerms = { jobTitle: employment.jobTitle, contractDetails: { ...(employment.contractDetails ?? {}) } };
  for (const [field, value] of Object.entries(data)) {
    if (REQUEST_FIELDS.has(field) || value === undefined || value === null) continue;
    if (field === "job_title") next.jobTitle = typeof value === "string" ? value.trim() : String(value);
    else next.contractDetails[field] = value;
  }
  // A schedule change carries the fields the contract form ties to it.
  const schedule = data.work_schedule;
  const contractForm = employment.countryCode ? forms.getForm(employment.countryCode, "contract_details")?.schema : undefined;
  if (schedule === "full_time") {
    delete next.contractDetails.part_time_salary_confirmation;
    if (data.work_hours_per_week === undefined) {
      const fullWeek = findPropertyConst(contractForm, "work_hours_per_week");
      if (typeof fullWeek === "number") next.contractDetails.work_hours_per_week = fullWeek;
      else delete next.contractDetails.work_hours_per_week;
    }
  } else if (schedule === "part_time") {
    // Submitting a part-time salary is the employer's confirmation that it is the part-time amount.
    const acknowledgement = findPropertyConst(contractForm, "part_time_salary_confirmation");
    if (acknowledgement !== undefined) next.contractDetails.part_time_salary_confirmation = acknowledgement;
  }
  return next;
}

/** previous → current for every term that differs (current null: the field is removed). */
export function diffTerms(before: ContractTerms, after: ContractTerms): ContractChanges {
  const changes: ContractChanges = {};
  if ((before.jobTitle ?? null) !== (after.jobTitle ?? null))
    changes[JOB_TITLE_KEY] = { previous: before.jobTitle ?? null, current: after.jobTitle ?? null };
  const fields = new Set([...Object.keys(before.contractDetails), ...Object.keys(after.contractDetails)]);
  for (const field of fields) {
    const previous = before.contractDetails[field] ?? null;
    const current = after.contractDetails[field] ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(current)) changes[changeKeyOf(field)] = { previous, current };
  }
  return changes;
}

export const currentTerms = (e: Pick<EmploymentRow, "jobTitle" | "contractDetails">): ContractTerms => ({
  jobTitle: e.jobTitle,
  contractDetails: { ...(e.contractDetails ?? {}) },
});

/** The employment columns a done amendment writes: its requested values win over the contract's current ones. */
export function applyChanges(
  employment: Pick<EmploymentRow, "jobTitle" | "contractDetails" | "basicInformation">,
  changes: ContractChanges,
): Pick<EmploymentRow, "jobTitle" | "contractDetails" | "basicInformation"> {
  let jobTitle = employment.jobTitle;
  let basicInformation = employment.basicInformation;
  const contractDetails: Record<string, unknown> = { ...(employment.contractDetails ?? {}) };
  for (const [key, { current }] of Object.entries(changes)) {
    if (key === JOB_TITLE_KEY) {
      jobTitle = typeof current === "string" ? current : null;
      basicInformation = { ...(basicInformation ?? {}), job_title: jobTitle };
      continue;
    }
    const field = detailsFieldOf(key);
    if (!field) continue;
    if (current === null || current === undefined) delete contractDetails[field];
    else contractDetails[field] = current;
  }
  return { jobTitle, contractDetails, basicInformation };
}

/** Whether the provider could apply the amendment without a review: only raises of salary and time off. */
export function automatability(changes: ContractChanges): { automatable: boolean; message: string } {
  const reasons: string[] = [];
  for (const [key, { previous, current }] of Object.entries(changes)) {
    const raise = typeof previous === "number" && typeof current === "number" && current > previous;
    if ((key === SALARY_KEY || key === `${DETAILS_PREFIX}available_pto`) && raise) continue;
    if (key === SALARY_KEY || key === `${DETAILS_PREFIX}available_pto`) reasons.push(`${key} is lowered`);
    else reasons.push(`${key} changes`);
  }
  return reasons.length === 0
    ? { automatable: true, message: "The amendment only raises the salary or the time off: it can be applied without review." }
    : { automatable: false, message: `The amendment needs a review: ${reasons.join("; ")}.` };
}
