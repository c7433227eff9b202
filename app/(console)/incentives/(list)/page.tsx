import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { IncentivesList } from "@/components/console/incentives/incentives-list";
import { IncentivesTabs } from "@/components/console/incentives/incentives-tabs";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { listIncentives } from "@/lib/console/server/incentives/api";
import { incentivesList } from "@/lib/console/incentives/list";
import { newIncentiveHref } from "@/lib/console/incentives/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { incentiveListQuery } from "@/lib/queries/incentives";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Incentives" };

/** One-time incentives: the URL's page is fetched here, then the list is interactive. */
export default async function IncentivesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = incentivesList.parse(await searchParams);
  const returnTo = incentivesList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = incentivesList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...incentiveListQuery(scope, apiQuery), queryFn: () => listIncentives(api, apiQuery) }), {
      returnTo,
    }),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Incentives"
        description={`Bonuses, allowances and commissions paid with payroll in ${environmentLabel}. Once payroll takes one, it can no longer be changed.`}
        actions={
          <ButtonLink href={newIncentiveHref(state.employmentId)} variant="primary">
            New incentive
          </ButtonLink>
        }
      />
      <IncentivesTabs current="one-time" employmentId={state.employmentId} />
      <Hydrate client={queryClient}>
        <IncentivesList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
