import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { IncentiveEditContainer } from "@/components/console/incentives/incentive-containers";
import { ErrorBanner } from "@/components/console/error-banner";
import { FormPage } from "@/components/console/people-ops/form-page";
import { ButtonLink } from "@/components/ui/button";
import { loadForPage } from "@/lib/console/server/pages";
import { incentivePageLoad } from "@/lib/console/server/incentives/page-loads";
import { editIncentiveHref, INCENTIVES_PATH } from "@/lib/console/incentives/links";

export const metadata: Metadata = { title: "Edit incentive" };

/** Edit a pending incentive: the incentive is fetched here first (404 → not found). */
export default async function EditIncentivePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = editIncentiveHref(id);
  // The [id] layout's load (it answered a missing incentive with a 404 already): no second call.
  const { scope, queryClient, loaded, people } = await incentivePageLoad(id);
  const [result] = await Promise.all([loadForPage(() => loaded, { returnTo, notFoundOn404: true }), people]);
  return (
    <FormPage
      crumbs={[{ href: INCENTIVES_PATH, label: "Incentives" }]}
      current="Edit"
      title="Edit incentive"
      description="Only a pending incentive can be changed."
    >
      {result.ok ? (
        <Hydrate client={queryClient}>
          <IncentiveEditContainer scope={scope} id={id} today={new Date().toISOString().slice(0, 10)} />
        </Hydrate>
      ) : (
        <ErrorBanner
          operation="incentives.read"
          error={result.error}
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      )}
    </FormPage>
  );
}
