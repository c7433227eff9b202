import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { TimeoffList } from "@/components/console/timeoff/timeoff-list";
import { TimeoffTabs } from "@/components/console/timeoff/timeoff-tabs";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { getTimeoffBalance, listTimeoff } from "@/lib/console/server/timeoff/api";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { timeoffList } from "@/lib/console/timeoff/list";
import { newTimeoffHref } from "@/lib/console/timeoff/links";
import { makeQueryClient } from "@/lib/queries/query-client";
import { timeoffBalanceQuery, timeoffListQuery } from "@/lib/queries/timeoff";

export const metadata: Metadata = { title: "Time off" };

/** Time off requests: the URL's page is fetched here (with the filtered employment's balance), then the list is interactive. */
export default async function TimeoffPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = timeoffList.parse(await searchParams);
  const returnTo = timeoffList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = timeoffList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...timeoffListQuery(scope, apiQuery), queryFn: () => listTimeoff(api, apiQuery) }), {
      returnTo,
    }),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
    // The balance card shows its own error if this fails.
    state.employmentId
      ? loadForPage(
          () =>
            queryClient.fetchQuery({
              ...timeoffBalanceQuery(scope, state.employmentId),
              queryFn: () => getTimeoffBalance(api, state.employmentId),
            }),
          { returnTo },
        )
      : null,
  ]);
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
        <TimeoffList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
