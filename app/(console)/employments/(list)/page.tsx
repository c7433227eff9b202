import type { Metadata } from "next";
import { EmploymentsList } from "@/components/console/employments/employments-list";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EMPLOYMENTS_PATH } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { employmentsList } from "@/lib/console/employments/list";
import { employmentListQuery } from "@/lib/queries/employments";
import { makeQueryClient } from "@/lib/queries/query-client";
import { listEmployments } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "Employments" };

/** The employments list: the URL's page of data is fetched here, then the list is interactive. */
export default async function EmploymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = employmentsList.parse(await searchParams);
  const returnTo = employmentsList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = employmentsList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const result = await loadForPage(
    () => queryClient.fetchQuery({ ...employmentListQuery(scope, apiQuery), queryFn: () => listEmployments(api, apiQuery) }),
    { returnTo },
  );
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Employments"
        description={`The people your company employs or contracts, in ${environmentLabel}.`}
        actions={
          <ButtonLink href={`${EMPLOYMENTS_PATH}/new`} variant="primary">
            New employment
          </ButtonLink>
        }
      />
      <Hydrate client={queryClient}>
        <EmploymentsList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
