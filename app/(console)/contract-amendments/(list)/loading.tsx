import { AMENDMENT_COLUMNS } from "@/components/console/contract-amendments/amendments-list";
import { ListSkeleton } from "@/components/console/list";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function ContractAmendmentsLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96" />
      </div>
      <Card className="mb-4 p-4">
        <Skeleton className="h-16" />
      </Card>
      <Card className="overflow-hidden">
        <ListSkeleton columns={AMENDMENT_COLUMNS} rows={6} label="Loading contract amendments…" />
      </Card>
    </div>
  );
}
