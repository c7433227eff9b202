import { Card, CardBody } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

// Loading states of pages that are not lists: a detail page (one object: breadcrumb, title, cards of
// facts) and a form page. A list's skeleton (a table) would announce the wrong page.

/** One object's page while it loads; `what` completes "Loading the …". */
export function DetailPageSkeleton({ what }: { what: string }) {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        Loading the {what}…
      </p>
      <Skeleton className="h-4 w-40" />
      <div className="space-y-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      </div>
      <Card>
        <CardBody className="space-y-3">
          <Skeleton className="h-5 w-32" />
          <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="space-y-1.5">
                <Skeleton className="h-3 w-24" />
                <Skeleton className="h-4 w-48 max-w-full" />
              </div>
            ))}
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardBody className="space-y-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-16" />
        </CardBody>
      </Card>
    </div>
  );
}

/** A form page while it loads; `what` completes "Loading the …"; `fields` placeholder fields (default 5). */
export function FormPageSkeleton({ what, fields = 5 }: { what: string; fields?: number }) {
  return (
    <div aria-busy="true" className="mx-auto max-w-3xl space-y-6">
      <p role="status" className="sr-only">
        Loading the {what}…
      </p>
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-8 w-64" />
      <Card>
        <CardBody className="space-y-5 py-6">
          {Array.from({ length: fields }, (_, i) => (
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
