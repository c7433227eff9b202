import type { Metadata } from "next";
import { EmploymentCustomFields } from "@/components/console/custom-fields/employment-custom-fields.server";
import { EmploymentAreaLinks } from "@/components/console/employments/area-links";
import { EmploymentDetail } from "@/components/console/employments/employment-detail";
import { ErrorBanner } from "@/components/console/error-banner";
import { EmploymentTimeline } from "@/components/console/timeline/employment-timeline";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EMPLOYMENTS_PATH, employmentHref } from "@/lib/console/employments/links";
import { employmentPageLoads } from "@/lib/console/server/employments/page-loads";
import { loadForPage } from "@/lib/console/server/pages";

export const metadata: Metadata = { title: "Employment" };

/** One employment: every field of spec 2.1, lifecycle, onboarding progress, files. */
export default async function EmploymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = employmentHref(id);
  // Every call of the page at once (started by the [id] layout, which answers a 404 before the
  // loading skeleton streams); each section hydrates its island under the key it reads.
  const { scope, loads } = await employmentPageLoads(id);
  const result = await loadForPage(() => loads.employment.loaded, { returnTo, notFoundOn404: true });
  if (!result.ok) {
    return (
      <>
        <PageHeader title="Employment" />
        <ErrorBanner
          error={result.error}
          actions={
            <>
              <ButtonLink href={returnTo} size="sm">
                Try again
              </ButtonLink>
              <ButtonLink href={EMPLOYMENTS_PATH} size="sm" variant="ghost">
                All employments
              </ButtonLink>
            </>
          }
        />
      </>
    );
  }
  return (
    <>
      <Hydrate client={loads.employment.queryClient}>
        <EmploymentDetail scope={scope} id={id} />
      </Hydrate>
      {/* Its custom field values (streamed when they arrive), the other areas of the console for it, and its timeline. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <EmploymentCustomFields scope={scope} employmentId={id} prefetched={loads.customFields} />
        {/* The side column: links to the other areas, then the timeline (asked for by the browser once the page is shown). */}
        <div className="space-y-6">
          <EmploymentAreaLinks employmentId={id} />
          <EmploymentTimeline scope={scope} employmentId={id} />
        </div>
      </div>
    </>
  );
}
