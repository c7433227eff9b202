import type { EmploymentListItem } from "@/lib/contract";
import type { EmploymentListApiQuery } from "@/lib/console/employments/list";

// The employments the payroll pages name and offer in their pickers: the first 100 of the company
// (one API page, the employments list's own query and key). Rows about an employment beyond those
// show its id, linked to its page. Shared by the payslips and contract amendment pages.

export const EMPLOYMENT_DIRECTORY_QUERY: EmploymentListApiQuery = { page: 1, page_size: 100 };

export interface EmploymentOption {
  value: string;
  label: string;
}

/** Picker options, by name; `current` (an id of the URL) stays listed when it is not among them. */
export function employmentOptions<T extends Pick<EmploymentListItem, "id" | "full_name" | "job_title">>(
  items: readonly T[],
  options: { current?: string; filter?: (e: T) => boolean } = {},
): EmploymentOption[] {
  const out = items
    .filter((e) => (options.filter ? options.filter(e) : true))
    .sort((a, b) => a.full_name.localeCompare(b.full_name, "en"))
    .map((e) => ({ value: e.id, label: e.job_title ? `${e.full_name} · ${e.job_title}` : e.full_name }));
  if (options.current && !out.some((o) => o.value === options.current))
    out.unshift({ value: options.current, label: `Employment ${options.current}` });
  return out;
}

/** Employments that can have payslips released (payroll types, status active/offboarding/archived). */
export const onPayroll = (e: Pick<EmploymentListItem, "status" | "type">) =>
  e.type !== "contractor" && (e.status === "active" || e.status === "offboarding" || e.status === "archived");
