import { MANAGER_COLUMNS } from "@/components/console/company-managers/managers-list";
import { ListSkeleton } from "@/components/console/list";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function CompanyManagersLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-96" />
      </div>
      <Card className="overflow-hidden">
        <ListSkeleton columns={MANAGER_COLUMNS} rows={5} label="Loading company managers…" />
      </Card>
    </div>
  );
}
