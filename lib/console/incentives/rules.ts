import type { Incentive, IncentiveStatus } from "@/lib/contract";

// What can be done to a one-time incentive (docs/decisions/areas-people-ops-incentives.md): pending
// ones can be edited and deleted; once payroll has taken them (processing, paid) neither, and the API
// answers 409 if it is tried anyway. In the sandbox, payroll is simulated: pending → processing → paid
// (pending → paid directly too).

export type Availability = { available: true } | { available: false; reason: string };

const LOCKED: Partial<Record<IncentiveStatus, string>> = {
  processing: "Payroll is processing this incentive: it can no longer be edited or deleted.",
  paid: "This incentive was paid with payroll: it can no longer be edited or deleted.",
};

export function editAvailability(i: Pick<Incentive, "status">): Availability {
  const reason = LOCKED[i.status as IncentiveStatus];
  return reason ? { available: false, reason } : { available: true };
}

/** Deleting follows the same rule as editing. */
export const deleteAvailability = editAvailability;

/** The sandbox payroll moves offered from a status. */
export function sandboxNextStatuses(status: string): ("processing" | "paid")[] {
  if (status === "pending") return ["processing", "paid"];
  if (status === "processing") return ["paid"];
  return [];
}
