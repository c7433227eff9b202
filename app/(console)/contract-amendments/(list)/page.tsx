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
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { withPayrollEmployments } from "@/lib/console/server/payslips/pages";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentListQuery } from "@/lib/queries/contract-amendments";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";

export const metadata: Metadata = { title: "Contract amendments" };

/** Contract amendments: the URL's page, the employments and users that name its rows. */
export default async function ContractAmendmentsPage({ searchParams }: PageSearchParams) {
  const page = await loadListPage(amendmentsList, searchParams, {
    query: amendmentListQuery,
    load: listContractAmendments,
    also: (loading) => [
      ...withPayrollEmployments(loading),
      // The company managers, by user id: the names of the users in the rows.
      loading.queryClient.prefetchQuery({ ...companyManagersQuery(loading.scope), queryFn: () => listAllCompanyManagers(loading.api) }),
    ],
  });
  const { scope, state, queryClient, initialError } = page;
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  const employment = page.also[1];
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
        <AmendmentsList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
