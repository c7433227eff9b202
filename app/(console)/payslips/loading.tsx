import { PAYSLIP_COLUMNS } from "@/components/console/payslips/payslips-table";
import { ListSkeleton } from "@/components/console/list";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function PayslipsLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-96" />
      </div>
      <Card className="mb-4 p-4">
        <Skeleton className="h-16" />
      </Card>
      <Card className="overflow-hidden">
        <ListSkeleton columns={PAYSLIP_COLUMNS} rows={8} label="Loading payslips…" />
      </Card>
    </div>
  );
}
