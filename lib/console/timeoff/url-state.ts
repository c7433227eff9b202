import { TIMEOFF_STATUSES, TIMEOFF_TYPES } from "@/lib/contract";
import { defineList, filter, withEmploymentId, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";

// Time off pages keep their state in the URL:
//   /timeoff?employment_id=…&timeoff_type=sick_leave&status=requested&page=2&page_size=50
//   /timeoff/balances?employment_id=…        one employment's balance
//   /timeoff/new?employment_id=…             the request form, for one employment

export const TIMEOFF_PATH = "/timeoff";
export const TIMEOFF_NEW_PATH = `${TIMEOFF_PATH}/new`;
export const TIMEOFF_TYPES_PATH = `${TIMEOFF_PATH}/types`;
export const TIMEOFF_BALANCES_PATH = `${TIMEOFF_PATH}/balances`;

export const timeoffList = defineList(TIMEOFF_PATH, {
  filters: { employmentId: filter.employment(), timeoff_type: filter.enum(TIMEOFF_TYPES), status: filter.enum(TIMEOFF_STATUSES) },
});
export type TimeoffListState = ListStateOf<typeof timeoffList>;
export type TimeoffListApiQuery = ListApiQueryOf<typeof timeoffList>;

export const timeoffBalanceHref = (employmentId?: string | null) => withEmploymentId(TIMEOFF_BALANCES_PATH, employmentId);
export const newTimeoffHref = (employmentId?: string | null) => withEmploymentId(TIMEOFF_NEW_PATH, employmentId);
