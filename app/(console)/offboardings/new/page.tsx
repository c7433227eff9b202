import type { Metadata } from "next";
import { Hydrate } from "@/components/console/hydrate";
import { OffboardingCreateContainer } from "@/components/console/offboardings/offboarding-create-container";
import { FormPage } from "@/components/console/people-ops/form-page";
import { getPageApi } from "@/lib/console/server/pages";
import { newOffboardingHref, OFFBOARDINGS_PATH } from "@/lib/console/offboardings/links";
import { employmentIdOf } from "@/lib/console/list";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Start offboarding" };

/** Start an offboarding (termination): the employments are fetched here first. */
export default async function NewOffboardingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const employmentId = employmentIdOf(await searchParams);
  const returnTo = newOffboardingHref(employmentId);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  await prefetchPeopleOpsEmployments(queryClient, api, scope, returnTo);
  return (
    <FormPage
      crumbs={[{ href: OFFBOARDINGS_PATH, label: "Offboardings" }]}
      current="Start"
      title="Start offboarding"
      description="Request the termination of an active employment. The provider reviews it and agrees the final date."
    >
      <Hydrate client={queryClient}>
        <OffboardingCreateContainer scope={scope} employmentId={employmentId} today={new Date().toISOString().slice(0, 10)} />
      </Hydrate>
    </FormPage>
  );
}
