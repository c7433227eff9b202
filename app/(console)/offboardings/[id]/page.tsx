import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { OffboardingDetail } from "@/components/console/offboardings/offboarding-detail";
import { ErrorBanner } from "@/components/console/error-banner";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadForPage } from "@/lib/console/server/pages";
import { offboardingPageLoad } from "@/lib/console/server/offboardings/page-loads";
import { OFFBOARDINGS_PATH, offboardingHref } from "@/lib/console/offboardings/links";

export const metadata: Metadata = { title: "Offboarding" };

/** One offboarding (404 → not found: also a confidential one submitted by someone else). */
export default async function OffboardingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = offboardingHref(id);
  // The [id] layout's load (it answered a missing offboarding with a 404 already): no second call.
  const { scope, queryClient, loaded, people } = await offboardingPageLoad(id);
  const [result] = await Promise.all([loadForPage(() => loaded, { returnTo, notFoundOn404: true }), people]);
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
