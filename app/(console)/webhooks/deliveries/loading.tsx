import { DeliveriesTableSkeleton } from "@/components/console/webhooks/deliveries-table";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function WebhookDeliveriesLoading() {
  return (
    <div aria-busy="true">
      <Skeleton className="mb-4 h-4 w-40" />
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <Card className="mb-4 p-4">
        <div className="flex gap-3">
          <Skeleton className="h-16 w-80" />
          <Skeleton className="h-16 w-56" />
        </div>
      </Card>
      <Card className="overflow-hidden">
        <DeliveriesTableSkeleton rows={10} />
      </Card>
    </div>
  );
}
