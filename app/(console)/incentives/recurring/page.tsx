import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { IncentivesTabs } from "@/components/console/incentives/incentives-tabs";
import { RecurringList } from "@/components/console/incentives/recurring-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { listRecurringIncentives } from "@/lib/console/server/incentives/api";
import { recurringList } from "@/lib/console/incentives/list";
import { newRecurringIncentiveHref } from "@/lib/console/incentives/links";
import { withPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { recurringIncentiveListQuery } from "@/lib/queries/incentives";

export const metadata: Metadata = { title: "Recurring incentives" };

/** Recurring incentives: the URL's page is fetched here, then the list is interactive. */
export default async function RecurringIncentivesPage({ searchParams }: PageSearchParams) {
  const { scope, state, queryClient, initialError } = await loadListPage(recurringList, searchParams, {
    query: recurringIncentiveListQuery,
    load: listRecurringIncentives,
    also: withPeopleOpsEmployments,
  });
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
        <RecurringList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
