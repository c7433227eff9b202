import { OFFBOARDING_COLUMNS } from "@/components/console/offboardings/offboardings-table";
import { ListPageSkeleton } from "@/components/console/list";

export default function OffboardingsLoading() {
  return <ListPageSkeleton columns={OFFBOARDING_COLUMNS} />;
}
