import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { TimeoffList } from "@/components/console/timeoff/timeoff-list";
import { TimeoffTabs } from "@/components/console/timeoff/timeoff-tabs";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { getTimeoffBalance, listTimeoff } from "@/lib/console/server/timeoff/api";
import { withPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { timeoffList } from "@/lib/console/timeoff/list";
import { newTimeoffHref } from "@/lib/console/timeoff/links";
import { timeoffBalanceQuery, timeoffListQuery } from "@/lib/queries/timeoff";

export const metadata: Metadata = { title: "Time off" };

/** Time off requests: the URL's page is fetched here (with the filtered employment's balance), then the list is interactive. */
export default async function TimeoffPage({ searchParams }: PageSearchParams) {
  const { scope, state, queryClient, initialError } = await loadListPage(timeoffList, searchParams, {
    query: timeoffListQuery,
    load: listTimeoff,
    also: (page) => [
      ...withPeopleOpsEmployments(page),
      // The balance card shows its own error if this fails.
      page.state.employmentId
        ? page.prefetch(timeoffBalanceQuery(page.scope, page.state.employmentId), () =>
            getTimeoffBalance(page.api, page.state.employmentId),
          )
        : null,
    ],
  });
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Time off"
        description={`Requests for time off of the company's employees in ${environmentLabel}: approve, decline or cancel them.`}
        actions={
          <ButtonLink href={newTimeoffHref(state.employmentId)} variant="primary">
            Request time off
          </ButtonLink>
        }
      />
      <TimeoffTabs current="requests" />
      <Hydrate client={queryClient}>
        <TimeoffList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
