import { formatNumber } from "@/lib/number-format";
import { OPEN_CONTRACT_AMENDMENT_STATUSES } from "@/lib/contract/enums";
import type { ContractAmendmentStatusRead as ContractAmendmentStatus } from "@/lib/console/api-read";
import { humanize, type Tone } from "@/lib/console/employments/labels";
import { formatDate } from "@/lib/console/format";
import { formatMoney } from "@/lib/forms/money";

// Names and colours of contract amendment values, the changed terms as a table, and what a refusal
// means (docs/decisions/areas-payroll-contract-amendments.md, areas-payroll-scopes.md).

export const AMENDMENT_STATUS_LABELS: Record<ContractAmendmentStatus, string> = {
  submitted: "Submitted",
  in_review: "In review",
  done: "Done",
  canceled: "Canceled",
  deleted: "Deleted",
};

export const AMENDMENT_STATUS_TONES: Record<ContractAmendmentStatus, Tone> = {
  submitted: "blue",
  in_review: "amber",
  done: "green",
  canceled: "gray",
  deleted: "gray",
};

export const AMENDMENT_STATUS_DESCRIPTIONS: Record<ContractAmendmentStatus, string> = {
  submitted: "Waiting for review by the provider.",
  in_review: "The provider is reviewing it.",
  done: "Approved and applied to the contract.",
  canceled: "Withdrawn or refused; nothing changed.",
  deleted: "Deleted at the provider; nothing changed.",
};

/** Whether an amendment still waits for a decision (sandbox can approve it). */
export const isOpenAmendment = (status: ContractAmendmentStatus) =>
  (OPEN_CONTRACT_AMENDMENT_STATUSES as readonly string[]).includes(status);

/** The provider's reasons for a change (RequestDetails.reason_for_change). */
const REASON_LABELS: Record<string, string> = {
  annual_pay_adjustment: "Annual pay adjustment",
  country_rule_change: "Country rule change",
  error_correction: "Error correction",
  job_change_reevaluation: "Job change or reevaluation",
  promotion: "Promotion",
  other: "Other",
};

/** The provider's reasons for a salary decrease (SalaryDecreaseDetails.salary_decrease_reason). */
export function salaryDecreaseLabel(reason: string | undefined): string {
  return reason ? `Lowered: ${humanize(reason).toLowerCase()}` : "Lowered";
}

export function reasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  // A key of another country's form reads humanized; the provider's free text is kept as written.
  return REASON_LABELS[reason] ?? (/^[a-z0-9_]+$/.test(reason) ? humanize(reason) : reason);
}

/** Change keys of the API (`compensation.amount`, `contract.job_title`, `contract_details.<field>`). */
const CHANGE_LABELS: Record<string, string> = {
  "compensation.amount": "Annual gross salary",
  "contract.job_title": "Job title",
  "contract_details.work_schedule": "Work schedule",
  "contract_details.work_hours_per_week": "Hours per week",
  "contract_details.available_pto": "Paid time off (days a year)",
  "contract_details.part_time_salary_confirmation": "Part-time salary confirmed",
};

export function changeLabel(key: string): string {
  return CHANGE_LABELS[key] ?? humanize(key.split(".").pop() ?? key);
}

const VALUE_LABELS: Record<string, string> = { full_time: "Full-time", part_time: "Part-time" };

/** A term's value for reading: money (the salary, minor units) with its currency when known. */
export function formatChangeValue(key: string, value: unknown, currency?: string | null): string {
  if (value === null || value === undefined || value === "") return "—";
  if (key === "compensation.amount" && typeof value === "number") return formatMoney(value, currency ?? undefined);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatNumber(value, { maximumFractionDigits: 10 });
  if (typeof value === "string") return VALUE_LABELS[value] ?? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value);
  return JSON.stringify(value);
}

export interface ChangeRow {
  key: string;
  label: string;
  previous: string;
  requested: string;
}

/** The changed terms as rows, in a stable order (salary, job title, then the contract's fields). */
export function changeRows(changes: Record<string, { previous?: unknown; current?: unknown }>, currency?: string | null): ChangeRow[] {
  const rank = (k: string) => (k === "compensation.amount" ? 0 : k === "contract.job_title" ? 1 : 2);
  return Object.keys(changes)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((key) => ({
      key,
      label: changeLabel(key),
      previous: formatChangeValue(key, changes[key]?.previous, currency),
      requested: formatChangeValue(key, changes[key]?.current, currency),
    }));
}
