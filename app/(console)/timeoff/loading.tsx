import { ListPageSkeleton } from "@/components/console/list";
import { TIMEOFF_COLUMNS } from "@/components/console/timeoff/timeoff-table";

export default function TimeoffLoading() {
  return <ListPageSkeleton columns={TIMEOFF_COLUMNS} />;
}
