import { INCENTIVE_STATUSES, RECURRING_INCENTIVE_STATUSES } from "@/lib/contract/enums";
import type { Incentive, RecurringIncentive } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { INCENTIVE_STATUS_LABELS, INCENTIVE_TYPE_LABELS, incentiveTypeLabel } from "./labels";
import { INCENTIVES_PATH, RECURRING_INCENTIVES_PATH } from "./links";

// The incentives lists:
//   /incentives?employment_id=…&status=paid&page=2            one-time incentives
//   /incentives/recurring?employment_id=…&status=active        recurring incentives

export const incentivesList = defineList(INCENTIVES_PATH, {
  sort: { keys: ["employee", "type", "amount", "effective", "status"] },
  columns: ["type", "amount", "effective", "status", "actions"],
  filters: { employmentId: filter.employment(), status: filter.enum(INCENTIVE_STATUSES) },
});
export type IncentiveListState = ListStateOf<typeof incentivesList>;
export type IncentiveListApiQuery = ListApiQueryOf<typeof incentivesList>;

export const recurringList = defineList(RECURRING_INCENTIVES_PATH, {
  sort: { keys: ["employee", "type", "amount", "period", "status"] },
  columns: ["type", "amount", "period", "status", "actions"],
  filters: { employmentId: filter.employment(), status: filter.enum(RECURRING_INCENTIVE_STATUSES) },
});
export type RecurringListState = ListStateOf<typeof recurringList>;
export type RecurringListApiQuery = ListApiQueryOf<typeof recurringList>;

/** Sort values as the tables show them; the employee is added by the server (lib/console/server/people-ops/sort.ts). */
export const incentiveSortAccessors: SortAccessors<Incentive> = {
  type: (i) => incentiveTypeLabel(i.type),
  amount: (i) => i.amount,
  effective: (i) => i.effective_date,
  status: (i) => INCENTIVE_STATUS_LABELS[i.status as keyof typeof INCENTIVE_STATUS_LABELS] ?? i.status,
};
export const recurringSortAccessors: SortAccessors<RecurringIncentive> = {
  type: (r) => INCENTIVE_TYPE_LABELS[r.type],
  amount: (r) => r.amount,
  period: (r) => r.start_date,
  status: (r) => r.status,
};
