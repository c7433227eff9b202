import { TIMEOFF_COLUMNS } from "@/components/console/timeoff/timeoff-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function TimeoffLoading() {
  return <ListPageSkeleton what="time off requests" columns={TIMEOFF_COLUMNS} rows={8} filters={3} />;
}
