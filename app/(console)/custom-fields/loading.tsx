import { CUSTOM_FIELD_COLUMNS } from "@/components/console/custom-fields/custom-field-columns";
import { ListSkeleton } from "@/components/console/list/list-skeleton";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function CustomFieldsLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-96" />
      </div>
      <Card className="overflow-hidden">
        <ListSkeleton columns={CUSTOM_FIELD_COLUMNS} rows={6} label="Loading custom fields…" />
      </Card>
    </div>
  );
}
