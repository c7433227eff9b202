import { OFFBOARDING_COLUMNS } from "@/components/console/offboardings/offboarding-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function OffboardingsLoading() {
  return <ListPageSkeleton what="offboardings" columns={OFFBOARDING_COLUMNS} rows={8} filters={3} />;
}
