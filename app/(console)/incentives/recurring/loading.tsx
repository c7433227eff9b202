import { RECURRING_COLUMNS } from "@/components/console/incentives/recurring-table";
import { ListPageSkeleton } from "@/components/console/list";

export default function RecurringIncentivesLoading() {
  return <ListPageSkeleton columns={RECURRING_COLUMNS} />;
}
