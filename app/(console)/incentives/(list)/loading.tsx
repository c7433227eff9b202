import { INCENTIVE_COLUMNS } from "@/components/console/incentives/incentives-table";
import { ListPageSkeleton } from "@/components/console/list";

export default function IncentivesLoading() {
  return <ListPageSkeleton columns={INCENTIVE_COLUMNS} />;
}
