import { INCENTIVE_STATUSES, RECURRING_INCENTIVE_STATUSES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { INCENTIVES_PATH, RECURRING_INCENTIVES_PATH } from "./links";

// The incentives lists:
//   /incentives?employment_id=…&status=paid&page=2            one-time incentives
//   /incentives/recurring?employment_id=…&status=active        recurring incentives

export const incentivesList = defineList(INCENTIVES_PATH, {
  filters: { employmentId: filter.employment(), status: filter.enum(INCENTIVE_STATUSES) },
});
export type IncentiveListState = ListStateOf<typeof incentivesList>;
export type IncentiveListApiQuery = ListApiQueryOf<typeof incentivesList>;

export const recurringList = defineList(RECURRING_INCENTIVES_PATH, {
  filters: { employmentId: filter.employment(), status: filter.enum(RECURRING_INCENTIVE_STATUSES) },
});
export type RecurringListState = ListStateOf<typeof recurringList>;
export type RecurringListApiQuery = ListApiQueryOf<typeof recurringList>;
