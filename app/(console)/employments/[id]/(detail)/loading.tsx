import { Card, CardBody } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function EmploymentLoading() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        Loading the employment…
      </p>
      <Skeleton className="h-4 w-40" />
      <div className="space-y-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
      </div>
      <Card>
        <CardBody>
          <Skeleton className="h-16" />
        </CardBody>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <Card key={i}>
            <CardBody className="space-y-3">
              <Skeleton className="h-5 w-40" />
              {Array.from({ length: 6 }, (_, j) => (
                <Skeleton key={j} className="h-4" />
              ))}
            </CardBody>
          </Card>
        ))}
      </div>
    </div>
  );
}
