import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { IncentiveEditContainer } from "@/components/console/incentives/incentive-containers";
import { ErrorBanner } from "@/components/console/error-banner";
import { FormPage } from "@/components/console/people-ops/form-page";
import { ButtonLink } from "@/components/ui/button";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { getIncentive } from "@/lib/console/server/incentives/api";
import { editIncentiveHref, INCENTIVES_PATH } from "@/lib/console/incentives/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { incentiveDetailQuery } from "@/lib/queries/incentives";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Edit incentive" };

/** Edit a pending incentive: the incentive is fetched here first (404 → not found). */
export default async function EditIncentivePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = editIncentiveHref(id);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...incentiveDetailQuery(scope, id), queryFn: () => getIncentive(api, id) }), {
      returnTo,
      notFoundOn404: true,
    }),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
  return (
    <FormPage
      crumbs={[{ href: INCENTIVES_PATH, label: "Incentives" }]}
      current="Edit"
      title="Edit incentive"
      description="Only a pending incentive can be changed."
    >
      {result.ok ? (
        <Hydrate client={queryClient}>
          <IncentiveEditContainer scope={scope} id={id} today={new Date().toISOString().slice(0, 10)} />
        </Hydrate>
      ) : (
        <ErrorBanner
          operation="incentives.read"
          error={result.error}
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      )}
    </FormPage>
  );
}
