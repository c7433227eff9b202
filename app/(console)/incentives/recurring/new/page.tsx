import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { RecurringCreateContainer } from "@/components/console/incentives/incentive-containers";
import { FormPage } from "@/components/console/people-ops/form-page";
import { getPageApi } from "@/lib/console/server/pages";
import { INCENTIVES_PATH, newRecurringIncentiveHref, RECURRING_INCENTIVES_PATH } from "@/lib/console/incentives/links";
import { employmentIdOf } from "@/lib/console/list";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "New recurring incentive" };

/** New monthly incentive: the employments are fetched here first. */
export default async function NewRecurringIncentivePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const employmentId = employmentIdOf(await searchParams);
  const returnTo = newRecurringIncentiveHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  await prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo);
  return (
    <FormPage
      crumbs={[
        { href: INCENTIVES_PATH, label: "Incentives" },
        { href: RECURRING_INCENTIVES_PATH, label: "Recurring" },
      ]}
      current="New"
      title="New recurring incentive"
      description="Paid every month, for a number of months or until it is deleted."
    >
      <Hydrate client={queryClient}>
        <RecurringCreateContainer scope={scope} employmentId={employmentId} today={new Date().toISOString().slice(0, 10)} />
      </Hydrate>
    </FormPage>
  );
}
