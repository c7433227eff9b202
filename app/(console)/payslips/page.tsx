import type { Metadata } from "next";
import Link from "next/link";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { PayslipsList } from "@/components/console/payslips/payslips-list";
import { ReleasePayslipCard } from "@/components/console/payslips/release-payslip-card";
import { PageHeader } from "@/components/ui/page-header";
import { employmentHref } from "@/lib/console/employments/links";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { missingScopeNotice } from "@/lib/console/auth/missing-scope";
import { COMPANY_CURRENCY_READS, readCompanyCurrency } from "@/lib/console/server/companies/currency";
import { getConsoleSession } from "@/lib/console/server/session";
import { listPayslips } from "@/lib/console/server/payslips/api";
import { withPayrollEmployments } from "@/lib/console/server/payslips/pages";
import { previousMonth } from "@/lib/console/payslips/format";
import { payslipsList } from "@/lib/console/payslips/list";
import { payslipListQuery } from "@/lib/queries/payslips";

export const metadata: Metadata = { title: "Payslips" };

/** Payslips (spec 4.2): the URL's page is fetched here with the employments that name its rows. */
export default async function PayslipsPage({ searchParams }: PageSearchParams) {
  const page = await loadListPage(payslipsList, searchParams, {
    query: payslipListQuery,
    load: listPayslips,
    also: (context) =>
      [
        ...withPayrollEmployments(context),
        // The company's billing currency (desired_currency) names the converted net; unread, the list says so,
        // and a connection without company:read is told how to get it.
        readCompanyCurrency(context.api, context.scope.companyId),
      ] as const,
  });
  const { scope, state, queryClient, initialError } = page;
  const company = page.also[2];
  const session = company.missingScope ? await getConsoleSession() : null;
  const companyNotice =
    company.missingScope && session
      ? missingScopeNotice({
          scope: company.missingScope,
          readsWhat: COMPANY_CURRENCY_READS,
          kind: session.kind,
          environment: scope.environment,
          returnTo: payslipsList.href(state),
        })
      : null;
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  const employment = page.also[1];
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
            companyCurrency={company.currency}
            companyNotice={companyNotice}
            initialError={initialError}
          />
          {scope.environment === "sandbox" ? (
            <ReleasePayslipCard scope={scope} defaultEmploymentId={state.employmentId} defaultPeriod={previousMonth(new Date())} />
          ) : null}
        </div>
      </Hydrate>
    </>
  );
}
