import { RECURRING_COLUMNS } from "@/components/console/incentives/recurring-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function RecurringIncentivesLoading() {
  return <ListPageSkeleton what="recurring incentives" columns={RECURRING_COLUMNS} rows={8} filters={3} />;
}
