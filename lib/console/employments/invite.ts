import type { EmploymentListItem } from "@/lib/contract";
import type { BulkAvailability } from "@/lib/console/list/bulk";
import { STATUS_LABELS } from "./labels";

// Which employments can be invited to self-enrol: the statuses POST /v1/employments/{id}/invite
// accepts (anything else answers 422 employment_not_invitable; lib/gateway/services/employment-writes.ts).

export const INVITABLE_STATUSES: ReadonlySet<string> = new Set(["created", "created_reserve_paid", "initiated", "pre_hire"]);

export function inviteAvailability(e: Pick<EmploymentListItem, "status">): BulkAvailability {
  if (INVITABLE_STATUSES.has(e.status)) return { available: true };
  const label = (STATUS_LABELS as Record<string, string>)[e.status] ?? e.status;
  return { available: false, reason: `This employment is ${label.toLowerCase()}: only employments not yet invited can be invited.` };
}
