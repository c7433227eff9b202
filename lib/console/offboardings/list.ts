import { OFFBOARDING_STATUSES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { OFFBOARDINGS_PATH } from "./links";

// The offboardings list: /offboardings?employment_id=…&status=in_review&page=2 (type is always termination)

export const offboardingsList = defineList(OFFBOARDINGS_PATH, {
  filters: { employmentId: filter.employment(), status: filter.enum(OFFBOARDING_STATUSES) },
});
export type OffboardingListState = ListStateOf<typeof offboardingsList>;
export type OffboardingListApiQuery = ListApiQueryOf<typeof offboardingsList>;
