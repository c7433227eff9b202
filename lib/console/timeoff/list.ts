import { TIMEOFF_STATUSES, TIMEOFF_TYPES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { TIMEOFF_PATH } from "./links";

// The time off list: /timeoff?employment_id=…&timeoff_type=sick_leave&status=requested&page=2&page_size=50

export const timeoffList = defineList(TIMEOFF_PATH, {
  filters: { employmentId: filter.employment(), timeoff_type: filter.enum(TIMEOFF_TYPES), status: filter.enum(TIMEOFF_STATUSES) },
});
export type TimeoffListState = ListStateOf<typeof timeoffList>;
export type TimeoffListApiQuery = ListApiQueryOf<typeof timeoffList>;
