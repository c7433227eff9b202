import { INCENTIVE_COLUMNS } from "@/components/console/incentives/incentive-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function IncentivesLoading() {
  return <ListPageSkeleton what="incentives" columns={INCENTIVE_COLUMNS} rows={8} filters={3} />;
}
