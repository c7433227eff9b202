import { Card, CardBody } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function EmploymentFormLoading() {
  return (
    <div aria-busy="true" className="mx-auto max-w-3xl space-y-6">
      <p role="status" className="sr-only">
        Loading the form…
      </p>
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-8 w-64" />
      <Card>
        <CardBody className="space-y-5 py-6">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-9" />
            </div>
          ))}
        </CardBody>
      </Card>
    </div>
  );
}
