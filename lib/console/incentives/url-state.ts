import { INCENTIVE_STATUSES, RECURRING_INCENTIVE_STATUSES } from "@/lib/contract";
import { defineList, filter, withEmploymentId, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";

// Incentives pages keep their state in the URL:
//   /incentives?employment_id=…&status=paid&page=2            one-time incentives
//   /incentives/recurring?employment_id=…&status=active        recurring incentives
//   /incentives/new?employment_id=…, /incentives/recurring/new?employment_id=…, /incentives/{id}/edit

export const INCENTIVES_PATH = "/incentives";
export const RECURRING_INCENTIVES_PATH = `${INCENTIVES_PATH}/recurring`;

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

export const newIncentiveHref = (employmentId?: string | null) => withEmploymentId(`${INCENTIVES_PATH}/new`, employmentId);
export const newRecurringIncentiveHref = (employmentId?: string | null) =>
  withEmploymentId(`${RECURRING_INCENTIVES_PATH}/new`, employmentId);
export const editIncentiveHref = (id: string) => `${INCENTIVES_PATH}/${encodeURIComponent(id)}/edit`;
