import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { OffboardingDetail } from "@/components/console/offboardings/offboarding-detail";
import { ErrorBanner } from "@/components/console/error-banner";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { getOffboarding } from "@/lib/console/server/offboardings/api";
import { OFFBOARDINGS_PATH, offboardingHref } from "@/lib/console/offboardings/links";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { offboardingDetailQuery } from "@/lib/queries/offboardings";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Offboarding" };

/** One offboarding (404 → not found: also a confidential one submitted by someone else). */
export default async function OffboardingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = offboardingHref(id);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...offboardingDetailQuery(scope, id), queryFn: () => getOffboarding(api, id) }), {
      returnTo,
      notFoundOn404: true,
    }),
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
  ]);
  if (!result.ok) {
    return (
      <>
        <PageHeader title="Offboarding" />
        <ErrorBanner
          operation="offboardings.read"
          error={result.error}
          actions={
            <>
              <ButtonLink href={returnTo} size="sm">
                Try again
              </ButtonLink>
              <ButtonLink href={OFFBOARDINGS_PATH} size="sm" variant="ghost">
                All offboardings
              </ButtonLink>
            </>
          }
        />
      </>
    );
  }
  return (
    <Hydrate client={queryClient}>
      <OffboardingDetail scope={scope} id={id} />
    </Hydrate>
  );
}
