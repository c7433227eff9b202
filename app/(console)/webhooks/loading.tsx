import { CallbacksSkeleton } from "@/components/console/webhooks/callbacks-skeleton";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { PageHeaderSkeleton } from "@/components/console/page-skeletons";

export default function WebhooksLoading() {
  return (
    <div aria-busy="true">
      <PageHeaderSkeleton />
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <Skeleton className="h-5 w-28" />
        </div>
        <CallbacksSkeleton rows={4} />
      </Card>
    </div>
  );
}
