import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { IncentiveCreateContainer } from "@/components/console/incentives/incentive-containers";
import { FormPage } from "@/components/console/people-ops/form-page";
import { getPageApi } from "@/lib/console/server/pages";
import { INCENTIVES_PATH, newIncentiveHref } from "@/lib/console/incentives/links";
import { employmentIdOf } from "@/lib/console/list";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "New incentive" };

/** New one-time incentive: the employments are fetched here first. */
export default async function NewIncentivePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const employmentId = employmentIdOf(await searchParams);
  const returnTo = newIncentiveHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  await prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo);
  return (
    <FormPage
      crumbs={[{ href: INCENTIVES_PATH, label: "Incentives" }]}
      current="New"
      title="New incentive"
      description="Paid once, with the payroll of the month it takes effect."
    >
      <Hydrate client={queryClient}>
        <IncentiveCreateContainer scope={scope} employmentId={employmentId} today={new Date().toISOString().slice(0, 10)} />
      </Hydrate>
    </FormPage>
  );
}
