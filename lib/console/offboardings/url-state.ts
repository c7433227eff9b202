import { OFFBOARDING_STATUSES } from "@/lib/contract";
import { defineListState, withEmploymentId, type ListApiQuery, type ListState } from "@/lib/console/timeoff/people-ops/list-state";

// Offboardings pages keep their state in the URL:
//   /offboardings?employment_id=…&status=in_review&page=2      the list (type is always termination)
//   /offboardings/{id}                                          one offboarding
//   /offboardings/new?employment_id=…                           start one (from the employment page)

export const OFFBOARDINGS_PATH = "/offboardings";
export const offboardingsList = defineListState(OFFBOARDINGS_PATH, { status: OFFBOARDING_STATUSES });
export type OffboardingListState = ListState<typeof offboardingsList.filters>;
export type OffboardingListApiQuery = ListApiQuery<typeof offboardingsList.filters>;

export const offboardingHref = (id: string) => `${OFFBOARDINGS_PATH}/${encodeURIComponent(id)}`;
export const newOffboardingHref = (employmentId?: string | null) => withEmploymentId(`${OFFBOARDINGS_PATH}/new`, employmentId);
