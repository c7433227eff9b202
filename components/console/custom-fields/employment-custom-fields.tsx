import { Suspense } from "react";
import { Hydrate } from "@/components/console/hydrate";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { listEmploymentCustomFields } from "@/lib/console/custom-fields/api";
import { employmentHref } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/employments/server";
import { employmentCustomFieldsQuery } from "@/lib/queries/custom-fields";
import { makeQueryClient } from "@/lib/queries/query-client";
import { CustomFieldValuesCard, CustomFieldValuesSkeleton } from "./custom-field-values-card";

// The employment page's "Custom fields" section, self-contained: it loads its own data (every
// definition and the employment's value of each) on the server, streamed behind a Suspense boundary
// so the rest of the page never waits for it, then hands over to the interactive card.

export function EmploymentCustomFields({ employmentId }: { employmentId: string }) {
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
      <EmploymentCustomFieldsLoader employmentId={employmentId} />
    </Suspense>
  );
}

async function EmploymentCustomFieldsLoader({ employmentId }: { employmentId: string }) {
  const returnTo = employmentHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  const result = await loadForPage(
    () =>
      queryClient.fetchQuery({
        ...employmentCustomFieldsQuery(scope, employmentId),
        queryFn: () => listEmploymentCustomFields(api, employmentId),
      }),
    { returnTo },
  );
  return (
    <Hydrate client={queryClient}>
      <CustomFieldValuesCard scope={scope} employmentId={employmentId} initialError={result.ok ? undefined : result.error} />
    </Hydrate>
  );
}
