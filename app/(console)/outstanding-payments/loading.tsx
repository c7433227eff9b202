import { PAYMENT_COLUMN_LABELS } from "@/components/console/outstanding-payments/payments-list";
import { ListSkeleton } from "@/components/console/list";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function OutstandingPaymentsLoading() {
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
        <ListSkeleton columns={PAYMENT_COLUMN_LABELS} rows={6} label="Loading outstanding payments…" />
      </Card>
    </div>
  );
}
