import type { Metadata } from "next";
import Link from "next/link";
import { AmendmentDetail } from "@/components/console/contract-amendments/amendment-detail";
import { ErrorBanner } from "@/components/console/error-banner";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getContractAmendment } from "@/lib/console/server/contract-amendments/api";
import { amendmentsOfEmploymentHref } from "@/lib/console/contract-amendments/list";
import { amendmentHref, CONTRACT_AMENDMENTS_PATH } from "@/lib/console/contract-amendments/links";
import { employmentHref } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentDetailQuery } from "@/lib/queries/contract-amendments";
import { makeQueryClient } from "@/lib/queries/query-client";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";
import { getEmployment } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "Contract amendment" };

/** One contract amendment, its employment named; in the sandbox it can be approved here. */
export default async function ContractAmendmentPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const submitted = (await searchParams).submitted === "1";
  const returnTo = amendmentHref(id);
  const { api, scope } = await getPageApi(returnTo);
  const queryClient = makeQueryClient();
  const [result] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...amendmentDetailQuery(scope, id), queryFn: () => getContractAmendment(api, id) }), {
      returnTo,
      notFoundOn404: true,
    }),
    queryClient.prefetchQuery({ ...companyManagersQuery(scope), queryFn: () => listAllCompanyManagers(api) }),
  ]);
  const employment = result.ok ? await loadForPage(() => getEmployment(api, result.data.employment_id), { returnTo }) : null;
  const name = employment?.ok ? employment.data.full_name : null;
  return (
    <div className="mx-auto max-w-4xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={CONTRACT_AMENDMENTS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Contract amendments
            </Link>
          </li>
          {result.ok ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link
                  href={amendmentsOfEmploymentHref(result.data.employment_id)}
                  className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white"
                >
                  {name ?? "Employment"}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            Amendment
          </li>
        </ol>
      </nav>
      <PageHeader
        title={name ? `Contract amendment for ${name}` : "Contract amendment"}
        actions={
          result.ok ? (
            <ButtonLink href={employmentHref(result.data.employment_id)} variant="secondary">
              Open the employment
            </ButtonLink>
          ) : undefined
        }
      />
      {result.ok ? (
        <Hydrate client={queryClient}>
          <AmendmentDetail scope={scope} id={id} justSubmitted={submitted} />
        </Hydrate>
      ) : (
        <ErrorBanner
          error={result.error}
          operation="contract-amendments.read"
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}
