import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { OffboardingsList } from "@/components/console/offboardings/offboardings-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { listOffboardings } from "@/lib/console/server/offboardings/api";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { newOffboardingHref } from "@/lib/console/offboardings/links";
import { withPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { offboardingListQuery } from "@/lib/queries/offboardings";

export const metadata: Metadata = { title: "Offboardings" };

/** Offboardings: the URL's page is fetched here, then the list is interactive. */
export default async function OffboardingsPage({ searchParams }: PageSearchParams) {
  const { scope, state, queryClient, initialError } = await loadListPage(offboardingsList, searchParams, {
    query: offboardingListQuery,
    load: listOffboardings,
    also: withPeopleOpsEmployments,
  });
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Offboardings"
        description={`Terminations of the company's employments in ${environmentLabel}, from submission to the provider's review.`}
        actions={<ButtonLink href={newOffboardingHref(state.employmentId)}>Start offboarding</ButtonLink>}
      />
      <Hydrate client={queryClient}>
        <OffboardingsList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
