import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { IncentivesTabs } from "@/components/console/incentives/incentives-tabs";
import { RecurringList } from "@/components/console/incentives/recurring-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { listRecurringIncentives } from "@/lib/console/server/incentives/api";
import { recurringList } from "@/lib/console/incentives/list";
import { newRecurringIncentiveHref } from "@/lib/console/incentives/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { recurringIncentiveListQuery } from "@/lib/queries/incentives";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Recurring incentives" };

/** Recurring incentives: the URL's page is fetched here, then the list is interactive. */
export default async function RecurringIncentivesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const state = recurringList.parse(await searchParams);
  const returnTo = recurringList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = recurringList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(
      () =>
        queryClient.fetchQuery({ ...recurringIncentiveListQuery(scope, apiQuery), queryFn: () => listRecurringIncentives(api, apiQuery) }),
      { returnTo },
    ),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Incentives"
        description={`Incentives paid every month in ${environmentLabel}. Each month becomes a one-time incentive when its month comes.`}
        actions={
          <ButtonLink href={newRecurringIncentiveHref(state.employmentId)} variant="primary">
            New recurring incentive
          </ButtonLink>
        }
      />
      <IncentivesTabs current="recurring" employmentId={state.employmentId} />
      <Hydrate client={queryClient}>
        <RecurringList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
