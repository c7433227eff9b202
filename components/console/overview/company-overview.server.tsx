import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { awaitSection, OVERVIEW_PATH, startCompanyOverview } from "@/lib/console/server/overview/pages";
import { OverviewSections } from "./overview-sections";

/** The company home (`/`): what needs the admin today, for the session's company. */
export async function CompanyOverview() {
  const loads = await startCompanyOverview();
  return (
    <>
      <PageHeader
        title="Overview"
        kicker={`${loads.companyName} · ${ENVIRONMENT_LABELS[loads.environment]}`}
        description="Onboarding at risk, what waits for your approval, and what changed recently."
        actions={
          <>
            <ButtonLink href="/employments">All employments</ButtonLink>
            <ButtonLink href="/employments/new" variant="primary">
              New employment
            </ButtonLink>
          </>
        }
      />
      <OverviewSections loads={loads} partner={false} settle={(load) => awaitSection(load, OVERVIEW_PATH)} />
    </>
  );
}
