import type { EmploymentListItem, EmploymentStatus } from "@/lib/contract";
import { readOnlyReason, type Availability } from "@/lib/console/employments/availability";
import { STATUS_LABELS } from "@/lib/console/employments/labels";

// Which employments accept people-ops records, and why not (docs/decisions/areas-people-ops-write-rules.md).
// The API enforces all of it (422 operation_not_available / employment_status_not_allowed /
// employment_not_active); the console only avoids offering what would fail, and says why.

export type PeopleOpsArea = "timeoff" | "expenses" | "incentives" | "offboardings";

/** Employment statuses in which each area accepts new records. */
export const WRITABLE_STATUSES: Record<PeopleOpsArea, ReadonlySet<EmploymentStatus> | "all_but_ended"> = {
  timeoff: new Set(["active", "offboarding"]),
  expenses: new Set(["active", "offboarding"]),
  incentives: "all_but_ended",
  offboardings: new Set(["active"]),
};

const ENDED: ReadonlySet<EmploymentStatus> = new Set(["archived", "deleted"]);

const WHAT: Record<PeopleOpsArea, string> = {
  timeoff: "Time off can be requested",
  expenses: "Expenses can be submitted",
  incentives: "Incentives can be added",
  offboardings: "An offboarding can be started",
};

type Subject = Pick<EmploymentListItem, "status" | "type" | "employment_model">;

/** Whether an employment accepts a new record of the area, with the reason when it doesn't. */
export function writeAvailability(area: PeopleOpsArea, e: Subject): Availability {
  const readOnly = readOnlyReason(e);
  if (readOnly) return { available: false, reason: readOnly };
  const allowed = WRITABLE_STATUSES[area];
  const ok = allowed === "all_but_ended" ? !ENDED.has(e.status) : allowed.has(e.status);
  if (ok) return { available: true };
  const accepted =
    allowed === "all_but_ended"
      ? "any status but archived or deleted"
      : [...allowed].map((s) => STATUS_LABELS[s].toLowerCase()).join(" or ");
  return {
    available: false,
    reason: `${WHAT[area]} only for ${accepted} employments; this one is ${STATUS_LABELS[e.status].toLowerCase()}.`,
  };
}

export interface EmploymentOption {
  value: string;
  label: string;
}

/** The employments a form can choose for the area (by name), and how many were left out. */
export function employmentChoices(
  area: PeopleOpsArea,
  items: readonly EmploymentListItem[],
): { options: EmploymentOption[]; excluded: number } {
  const eligible = items.filter((e) => writeAvailability(area, e).available);
  const options = [...eligible]
    .sort((a, b) => a.full_name.localeCompare(b.full_name, "en"))
    .map((e) => ({
      value: e.id,
      label: `${e.full_name}${e.job_title ? ` · ${e.job_title}` : ""}${e.country ? ` · ${e.country.name}` : ""}`,
    }));
  return { options, excluded: items.length - eligible.length };
}

/** Every employment by id, for naming the employment of each record in the lists. */
export function employmentNames(items: readonly EmploymentListItem[] | undefined): ReadonlyMap<string, EmploymentListItem> {
  return new Map((items ?? []).map((e) => [e.id, e]));
}

/** "Employment 1a2b3c4d…" for an id the loaded employments don't name. */
export const unnamedEmployment = (id: string) => `Employment ${id.slice(0, 8)}…`;

/**
 * The employments the people-ops pages name and offer: the first 100 of the company (the API's
 * largest page). Same key as every other page that loads this page of employments. Records of an
 * employment beyond them show its id and link to it.
 */
export const PEOPLE_OPS_EMPLOYMENTS_QUERY = { page: 1, page_size: 100 } as const;
