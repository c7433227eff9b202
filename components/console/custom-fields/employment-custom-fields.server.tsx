import { Suspense } from "react";
import { Hydrate } from "@/components/console/hydrate";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { PrefetchedSection } from "@/lib/console/server/employments/detail-page";
import { employmentHref } from "@/lib/console/employments/links";
import { loadForPage } from "@/lib/console/server/pages";
import type { QueryScope } from "@/lib/queries/scope";
import { CustomFieldValuesCard, CustomFieldValuesSkeleton } from "./custom-field-values-card";

// The employment page's "Custom fields" section: its data (every definition and the employment's
// value of each) is requested by the page together with the employment (startEmploymentPageLoads),
// streamed behind a Suspense boundary so the rest of the page never waits for it, then handed over
// to the interactive card under the key the card reads.

export function EmploymentCustomFields({
  scope,
  employmentId,
  prefetched,
}: {
  scope: QueryScope;
  employmentId: string;
  prefetched: PrefetchedSection<unknown>;
}) {
  return (
    <Suspense
      fallback={
        <Card aria-labelledby="custom-fields-title" aria-busy="true">
          <CardHeader titleId="custom-fields-title" title="Custom fields" />
          <CardBody>
            <CustomFieldValuesSkeleton />
          </CardBody>
        </Card>
      }
    >
      <EmploymentCustomFieldsLoader scope={scope} employmentId={employmentId} prefetched={prefetched} />
    </Suspense>
  );
}

async function EmploymentCustomFieldsLoader({
  scope,
  employmentId,
  prefetched,
}: {
  scope: QueryScope;
  employmentId: string;
  prefetched: PrefetchedSection<unknown>;
}) {
  const result = await loadForPage(() => prefetched.loaded, { returnTo: employmentHref(employmentId) });
  return (
    <Hydrate client={prefetched.queryClient}>
      <CustomFieldValuesCard scope={scope} employmentId={employmentId} initialError={result.ok ? undefined : result.error} />
    </Hydrate>
  );
}
