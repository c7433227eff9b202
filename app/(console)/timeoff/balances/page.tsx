import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { BalancesView } from "@/components/console/timeoff/balances-view";
import { TimeoffTabs } from "@/components/console/timeoff/timeoff-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { getTimeoffBalance } from "@/lib/console/server/timeoff/api";
import { employmentIdOf } from "@/lib/console/list";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { timeoffBalanceHref } from "@/lib/console/timeoff/links";
import { makeQueryClient } from "@/lib/queries/query-client";
import { timeoffBalanceQuery } from "@/lib/queries/timeoff";

export const metadata: Metadata = { title: "Time off balances" };

/** One employment's paid time off balance (GET /v1/timeoff-balances/{employment_id}), chosen in the URL. */
export default async function TimeoffBalancesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const employmentId = employmentIdOf(await searchParams);
  const returnTo = timeoffBalanceHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  await Promise.all([
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
    // A failure is shown by the balance card (its query keeps the error).
    employmentId
      ? loadForPage(
          () =>
            queryClient.fetchQuery({ ...timeoffBalanceQuery(scope, employmentId), queryFn: () => getTimeoffBalance(api, employmentId) }),
          { returnTo },
        )
      : null,
  ]);
  return (
    <>
      <PageHeader
        title="Time off"
        description="Paid time off balances for this calendar year: entitlements, what is taken and what remains."
      />
      <TimeoffTabs current="balances" />
      <Hydrate client={queryClient}>
        <BalancesView scope={scope} employmentId={employmentId} />
      </Hydrate>
    </>
  );
}
