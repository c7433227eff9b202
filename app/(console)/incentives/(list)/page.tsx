import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { IncentivesList } from "@/components/console/incentives/incentives-list";
import { IncentivesTabs } from "@/components/console/incentives/incentives-tabs";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { listIncentives } from "@/lib/console/server/incentives/api";
import { incentivesList } from "@/lib/console/incentives/list";
import { newIncentiveHref } from "@/lib/console/incentives/links";
import { withPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { incentiveListQuery } from "@/lib/queries/incentives";

export const metadata: Metadata = { title: "Incentives" };

/** One-time incentives: the URL's page is fetched here, then the list is interactive. */
export default async function IncentivesPage({ searchParams }: PageSearchParams) {
  const { scope, state, queryClient, initialError } = await loadListPage(incentivesList, searchParams, {
    query: incentiveListQuery,
    load: listIncentives,
    also: withPeopleOpsEmployments,
  });
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
        <IncentivesList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
