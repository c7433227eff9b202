import { INCENTIVE_COLUMNS } from "@/components/console/incentives/incentives-table";
import { ListPageSkeleton } from "@/components/console/timeoff/people-ops/list-view";

export default function IncentivesLoading() {
  return <ListPageSkeleton columns={INCENTIVE_COLUMNS} />;
}
