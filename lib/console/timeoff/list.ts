import { TIMEOFF_STATUSES, TIMEOFF_TYPES } from "@/lib/contract/enums";
import type { Timeoff } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { TIMEOFF_STATUS_LABELS, TIMEOFF_TYPE_LABELS } from "./labels";
import { TIMEOFF_PATH } from "./links";

// The time off list: /timeoff?employment_id=…&timeoff_type=sick_leave&status=requested&page=2&page_size=50

/** Sortable columns (the console sorts across all pages: lib/console/server/list/sorted.ts). */
export const TIMEOFF_SORT_KEYS = ["employee", "type", "dates", "days", "status"] as const;

export const timeoffList = defineList(TIMEOFF_PATH, {
  sort: { keys: TIMEOFF_SORT_KEYS },
  columns: ["type", "dates", "days", "status", "actions"],
  filters: { employmentId: filter.employment(), timeoff_type: filter.enum(TIMEOFF_TYPES), status: filter.enum(TIMEOFF_STATUSES) },
});
export type TimeoffListState = ListStateOf<typeof timeoffList>;
export type TimeoffListApiQuery = ListApiQueryOf<typeof timeoffList>;

/** Sort values as the table shows them (labels, the first day, the number of days); the employee is added by the server. */
export const timeoffSortAccessors: SortAccessors<Timeoff> = {
  type: (t) => TIMEOFF_TYPE_LABELS[t.timeoff_type],
  dates: (t) => t.start_date,
  days: (t) => t.timeoff_days.length,
  status: (t) => TIMEOFF_STATUS_LABELS[t.status],
};
