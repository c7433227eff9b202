import type { Metadata } from "next";
import Link from "next/link";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { PayslipsList } from "@/components/console/payslips/payslips-list";
import { ReleasePayslipCard } from "@/components/console/payslips/release-payslip-card";
import { PageHeader } from "@/components/ui/page-header";
import { employmentHref } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { getCompany } from "@/lib/console/server/companies/api";
import { listPayslips } from "@/lib/console/server/payslips/api";
import { EMPLOYMENT_DIRECTORY_QUERY } from "@/lib/console/payslips/employment-directory";
import { previousMonth } from "@/lib/console/payslips/format";
import { payslipsList } from "@/lib/console/payslips/list";
import { employmentDetailQuery, employmentListQuery } from "@/lib/queries/employments";
import { payslipListQuery } from "@/lib/queries/payslips";
import { makeQueryClient } from "@/lib/queries/query-client";
import { getEmployment, listEmployments } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "Payslips" };

/** Payslips (spec 4.2): the URL's page is fetched here with the employments that name its rows. */
export default async function PayslipsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = payslipsList.parse(await searchParams);
  const returnTo = payslipsList.href(state);
  const { api, scope } = await getPageApi(returnTo);
  const apiQuery = payslipsList.toApiQuery(state);
  const queryClient = makeQueryClient();
  const [result, , companyCurrency, employment] = await Promise.all([
    loadForPage(() => queryClient.fetchQuery({ ...payslipListQuery(scope, apiQuery), queryFn: () => listPayslips(api, apiQuery) }), {
      returnTo,
    }),
    // Names of the rows' employments and the pickers' options; on failure the list shows ids.
    queryClient.prefetchQuery({
      ...employmentListQuery(scope, EMPLOYMENT_DIRECTORY_QUERY),
      queryFn: () => listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY),
    }),
    // The company's billing currency (desired_currency) names the converted net; unread, the list says so.
    getCompany(api, scope.companyId).then(
      (company) => company.desired_currency,
      () => null,
    ),
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
        title={name ? `Payslips of ${name}` : "Payslips"}
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
        description={`Released payslips in ${environmentLabel}, newest pay period first. Amounts are in the employment's currency, and the net also in the company's.`}
      />
      <Hydrate client={queryClient}>
        <div className="space-y-6">
          <PayslipsList
            scope={scope}
            environmentLabel={environmentLabel}
            companyCurrency={companyCurrency}
            initialError={result.ok ? undefined : result.error}
          />
          {scope.environment === "sandbox" ? (
            <ReleasePayslipCard scope={scope} defaultEmploymentId={state.employmentId} defaultPeriod={previousMonth(new Date())} />
          ) : null}
        </div>
      </Hydrate>
    </>
  );
}
