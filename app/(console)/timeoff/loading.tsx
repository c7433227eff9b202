import { ListPageSkeleton } from "@/components/console/list/list-skeleton";
import { TIMEOFF_COLUMNS } from "@/components/console/timeoff/timeoff-columns";

export default function TimeoffLoading() {
  return <ListPageSkeleton columns={TIMEOFF_COLUMNS} />;
}
