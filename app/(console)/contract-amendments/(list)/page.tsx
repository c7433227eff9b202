import type { Metadata } from "next";
import Link from "next/link";
import { AmendmentsList } from "@/components/console/contract-amendments/amendments-list";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { listContractAmendments } from "@/lib/console/server/contract-amendments/api";
import { amendmentsList } from "@/lib/console/contract-amendments/list";
import { newAmendmentHref } from "@/lib/console/contract-amendments/links";
import { employmentHref } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { EMPLOYMENT_DIRECTORY_QUERY } from "@/lib/console/payslips/employment-directory";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentListQuery } from "@/lib/queries/contract-amendments";
import { employmentDetailQuery, employmentListQuery } from "@/lib/queries/employments";
import { makeQueryClient } from "@/lib/queries/query-client";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";
import { getEmployment, listEmployments } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "Contract amendments" };

/** Contract amendments: the URL's page, the employments and users that name its rows. */
export default async function ContractAmendmentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const state = amendmentsList.parse(await searchParams);
  const returnTo = amendmentsList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = amendmentsList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result, , , employment] = await Promise.all([
    loadForPage(
      () => queryClient.fetchQuery({ ...amendmentListQuery(scope, apiQuery), queryFn: () => listContractAmendments(api, apiQuery) }),
      { returnTo },
    ),
    queryClient.prefetchQuery({
      ...employmentListQuery(scope, EMPLOYMENT_DIRECTORY_QUERY),
      queryFn: () => listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY),
    }),
    queryClient.prefetchQuery({ ...companyManagersQuery(scope), queryFn: () => listAllCompanyManagers(api) }),
    state.employmentId
      ? loadForPage(
          () =>
            queryClient.fetchQuery({
              ...employmentDetailQuery(scope, state.employmentId),
              queryFn: () => getEmployment(api, state.employmentId),
            }),
          { returnTo },
        )
      : null,
  ]);
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  const name = employment?.ok ? employment.data.full_name : null;
  return (
    <>
      <PageHeader
        title={name ? `Contract amendments of ${name}` : "Contract amendments"}
        kicker={
          name ? (
            <Link
              href={employmentHref(state.employmentId)}
              className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white"
            >
              ← {name}
            </Link>
          ) : undefined
        }
        description={`Requested changes to active contracts in ${environmentLabel}, newest first.`}
        actions={
          <ButtonLink href={newAmendmentHref(state.employmentId || undefined)} variant="primary">
            New amendment
          </ButtonLink>
        }
      />
      <Hydrate client={queryClient}>
        <AmendmentsList scope={scope} environmentLabel={environmentLabel} initialError={result.ok ? undefined : result.error} />
      </Hydrate>
    </>
  );
}
