import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { TimeoffRequestContainer } from "@/components/console/timeoff/timeoff-request-container";
import { FormPage } from "@/components/console/people-ops/form-page";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { listTimeoffTypes } from "@/lib/console/server/timeoff/api";
import { employmentIdOf } from "@/lib/console/list";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { newTimeoffHref, TIMEOFF_PATH } from "@/lib/console/timeoff/links";
import { makeQueryClient } from "@/lib/queries/query-client";
import { timeoffTypesQuery } from "@/lib/queries/timeoff";

export const metadata: Metadata = { title: "Request time off" };

/** Request time off: the employments and the types are fetched here first (failures are shown by the form). */
export default async function NewTimeoffPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const employmentId = employmentIdOf(await searchParams);
  const returnTo = newTimeoffHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  await Promise.all([
    prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo),
    loadForPage(() => queryClient.fetchQuery({ ...timeoffTypesQuery(scope), queryFn: () => listTimeoffTypes(api) }), { returnTo }),
  ]);
  return (
    <FormPage
      crumbs={[{ href: TIMEOFF_PATH, label: "Time off" }]}
      current="Request"
      title="Request time off"
      description="For one employee: the type, the dates, and the hours of each day."
    >
      <Hydrate client={queryClient}>
        <TimeoffRequestContainer scope={scope} employmentId={employmentId} />
      </Hydrate>
    </FormPage>
  );
}
