import { RECURRING_COLUMNS } from "@/components/console/incentives/recurring-columns";
import { ListPageSkeleton } from "@/components/console/list/list-skeleton";

export default function RecurringIncentivesLoading() {
  return <ListPageSkeleton columns={RECURRING_COLUMNS} />;
}
