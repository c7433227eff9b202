import { Card, CardBody } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { TableSkeleton } from "@/components/ui/table-skeleton";

// The loading states of the console's pages (their routes' loading.tsx): a list page, a detail page
// (one object: breadcrumb, title, cards of facts) and a form page; a list's skeleton (a table) on a
// detail or form page would announce the wrong page. Plain markup without "use client": a loading.tsx
// wraps every route below its folder too, so it ships no client code (components/console/route-bundles.test.ts);
// column titles come from the areas' plain `*-columns.ts` modules, never from a "use client" table.

/** A page's header while it loads: the title and its description. */
export function PageHeaderSkeleton() {
  return (
    <div className="mb-6 space-y-2">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-4 w-96 max-w-full" />
    </div>
  );
}

/**
 * A list page while it loads: its header, its filters (`filters` placeholders; 0 for a list without
 * any), and the table with the list's own column titles. `what` completes "Loading …" (the list's name).
 */
export function ListPageSkeleton({
  what,
  columns,
  rows = 6,
  filters = 1,
}: {
  what: string;
  columns: readonly string[];
  rows?: number;
  filters?: number;
}) {
  return (
    <div aria-busy="true">
      <PageHeaderSkeleton />
      {filters > 0 ? (
        <Card className="mb-4 p-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: filters }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        </Card>
      ) : null}
      <Card className="overflow-hidden">
        <TableSkeleton columns={columns} rows={rows} label={`Loading ${what}…`} />
      </Card>
    </div>
  );
}

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
