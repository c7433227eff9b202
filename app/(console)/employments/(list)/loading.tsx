import { EmploymentsTableSkeleton } from "@/components/console/employments/employments-table-skeleton";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function EmploymentsLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80" />
      </div>
      <Card className="mb-4 p-4">
        <div className="grid gap-3 md:grid-cols-[1fr_1fr_auto]">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-10 w-28 self-end" />
        </div>
      </Card>
      <Card className="overflow-hidden">
        <EmploymentsTableSkeleton rows={10} />
      </Card>
    </div>
  );
}
