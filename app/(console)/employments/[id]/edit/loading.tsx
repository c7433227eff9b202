import { Card, CardBody } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function EditEmploymentLoading() {
  return (
    <div aria-busy="true" className="mx-auto max-w-2xl space-y-6">
      <p role="status" className="sr-only">
        Loading the form…
      </p>
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-8 w-56" />
      <Card>
        <CardBody className="space-y-6 py-6">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10" />
            </div>
          ))}
        </CardBody>
      </Card>
    </div>
  );
}
