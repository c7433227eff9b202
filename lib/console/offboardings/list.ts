import { OFFBOARDING_STATUSES } from "@/lib/contract/enums";
import type { Offboarding } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { offboardingReasonLabel, proposedEndOf } from "./labels";
import { OFFBOARDINGS_PATH } from "./links";

// The offboardings list: /offboardings?employment_id=…&status=in_review&page=2 (type is always termination)

export const offboardingsList = defineList(OFFBOARDINGS_PATH, {
  sort: { keys: ["employee", "reason", "termination_date", "submitted", "status"] },
  columns: ["reason", "termination_date", "submitted", "status"],
  filters: { employmentId: filter.employment(), status: filter.enum(OFFBOARDING_STATUSES) },
});
export type OffboardingListState = ListStateOf<typeof offboardingsList>;
export type OffboardingListApiQuery = ListApiQueryOf<typeof offboardingsList>;

/** Sort values as the table shows them; the employee is added by the server (lib/console/server/people-ops/sort.ts). */
export const offboardingSortAccessors: SortAccessors<Offboarding> = {
  reason: (o) => offboardingReasonLabel(o),
  termination_date: (o) => o.termination_date ?? proposedEndOf(o),
  submitted: (o) => o.submitted_at,
  status: (o) => o.status,
};
