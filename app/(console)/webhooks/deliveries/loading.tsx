import { DeliveriesTableSkeleton } from "@/components/console/webhooks/deliveries-skeleton";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { PageHeaderSkeleton } from "@/components/console/page-skeletons";

export default function WebhookDeliveriesLoading() {
  return (
    <div aria-busy="true">
      <Skeleton className="mb-4 h-4 w-40" />
      <PageHeaderSkeleton />
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
