import type { Employment } from "@/lib/contract";
import { readOnlyReason } from "@/lib/console/employments/availability";
import { STATUS_LABELS } from "@/lib/console/employments/labels";

// Creating a contract amendment from an employment: whether the console offers it (the API enforces
// it all: docs/decisions/areas-payroll-contract-amendments.md), the body, and where 422 errors land.

const CLOSED = new Set(["offboarding", "archived", "deleted"]);

/** Why the employment's contract can't be amended, or null. */
export function amendmentUnavailableReason(e: Pick<Employment, "type" | "employment_model" | "status" | "country">): string | null {
  const readOnly = readOnlyReason(e);
  if (readOnly) return readOnly;
  if (CLOSED.has(e.status)) return `An employment in status ${STATUS_LABELS[e.status]} can no longer have its contract amended.`;
  if (!e.country) return "The employment has no country, so it has no contract amendment form.";
  return null;
}

/** Statuses offered in the "which employment?" picker: those the API is likely to accept. */
export const amendable = (e: Pick<Employment, "type" | "employment_model" | "status">) =>
  e.type === "employee" && (e.employment_model === "eor" || e.employment_model === null) && !CLOSED.has(e.status);

export { splitAmendmentErrors, toCreateAmendmentBody } from "./create-body";
