import { OFFBOARDING_STATUSES } from "@/lib/contract";
import { defineList, filter, withEmploymentId, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";

// Offboardings pages keep their state in the URL:
//   /offboardings?employment_id=…&status=in_review&page=2      the list (type is always termination)
//   /offboardings/{id}                                          one offboarding
//   /offboardings/new?employment_id=…                           start one (from the employment page)

export const OFFBOARDINGS_PATH = "/offboardings";
export const offboardingsList = defineList(OFFBOARDINGS_PATH, {
  filters: { employmentId: filter.employment(), status: filter.enum(OFFBOARDING_STATUSES) },
});
export type OffboardingListState = ListStateOf<typeof offboardingsList>;
export type OffboardingListApiQuery = ListApiQueryOf<typeof offboardingsList>;

export const offboardingHref = (id: string) => `${OFFBOARDINGS_PATH}/${encodeURIComponent(id)}`;
export const newOffboardingHref = (employmentId?: string | null) => withEmploymentId(`${OFFBOARDINGS_PATH}/new`, employmentId);
