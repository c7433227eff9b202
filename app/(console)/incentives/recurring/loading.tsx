import { RECURRING_COLUMNS } from "@/components/console/incentives/recurring-table";
import { ListPageSkeleton } from "@/components/console/timeoff/people-ops/list-view";

export default function RecurringIncentivesLoading() {
  return <ListPageSkeleton columns={RECURRING_COLUMNS} />;
}
