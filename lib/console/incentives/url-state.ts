import { INCENTIVE_STATUSES, RECURRING_INCENTIVE_STATUSES } from "@/lib/contract";
import { defineListState, withEmploymentId, type ListApiQuery, type ListState } from "@/lib/console/timeoff/people-ops/list-state";

// Incentives pages keep their state in the URL:
//   /incentives?employment_id=…&status=paid&page=2            one-time incentives
//   /incentives/recurring?employment_id=…&status=active        recurring incentives
//   /incentives/new?employment_id=…, /incentives/recurring/new?employment_id=…, /incentives/{id}/edit

export const INCENTIVES_PATH = "/incentives";
export const RECURRING_INCENTIVES_PATH = `${INCENTIVES_PATH}/recurring`;

export const incentivesList = defineListState(INCENTIVES_PATH, { status: INCENTIVE_STATUSES });
export type IncentiveListState = ListState<typeof incentivesList.filters>;
export type IncentiveListApiQuery = ListApiQuery<typeof incentivesList.filters>;

export const recurringList = defineListState(RECURRING_INCENTIVES_PATH, { status: RECURRING_INCENTIVE_STATUSES });
export type RecurringListState = ListState<typeof recurringList.filters>;
export type RecurringListApiQuery = ListApiQuery<typeof recurringList.filters>;

export const newIncentiveHref = (employmentId?: string | null) => withEmploymentId(`${INCENTIVES_PATH}/new`, employmentId);
export const newRecurringIncentiveHref = (employmentId?: string | null) =>
  withEmploymentId(`${RECURRING_INCENTIVES_PATH}/new`, employmentId);
export const editIncentiveHref = (id: string) => `${INCENTIVES_PATH}/${encodeURIComponent(id)}/edit`;
