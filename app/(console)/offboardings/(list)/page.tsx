import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { OffboardingsList } from "@/components/console/offboardings/offboardings-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { listOffboardings } from "@/lib/console/server/offboardings/api";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { newOffboardingHref } from "@/lib/console/offboardings/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { offboardingListQuery } from "@/lib/queries/offboardings";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Offboardings" };

/** Offboardings: the URL's page is fetched here, then the list is interactive. */
export default async function OffboardingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = offboardingsList.parse(await searchParams);
  const returnTo = offboardingsList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = offboardingsList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(
      () => queryClient.fetchQuery({ ...offboardingListQuery(scope, apiQuery), queryFn: () => listOffboardings(api, apiQuery) }),
      { returnTo },
    ),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Offboardings"
        description={`Terminations of the company's employments in ${environmentLabel}, from submission to the provider's review.`}
        actions={<ButtonLink href={newOffboardingHref(state.employmentId)}>Start offboarding</ButtonLink>}
      />
      <Hydrate client={queryClient}>
        <OffboardingsList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
