import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { PartnerEmploymentsList } from "@/components/console/partner/partner-employments-list";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listEmploymentsAcrossCompanies, liveGrants } from "@/lib/console/server/partner/aggregate";
import { requireOperator } from "@/lib/console/server/partner/server";
import { partnerEmploymentsList } from "@/lib/console/partner/list";

export const metadata: Metadata = { title: "Employments across companies" };

/**
 * Every employment of every connected company of the environment, in one paginated list with a
 * company column and filter (status, personal email, company; state in the URL). A company that
 * fails is named in a notice and left out; the others are shown.
 */
export default async function PartnerEmploymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const state = partnerEmploymentsList.parse(await searchParams);
  const { deps, session, actor } = await requireOperator(partnerEmploymentsList.href(state));
  const environment = session.environment;
  const environmentLabel = ENVIRONMENT_LABELS[environment];
  const grants = await deps.grants.listGrants(environment);
  const live = liveGrants(grants);
  const selected = state.company ? live.filter((g) => g.company.id === state.company) : live;
  const unknownCompany = state.company !== "" && selected.length === 0;
  const result = unknownCompany
    ? null
    : await listEmploymentsAcrossCompanies(deps, {
        environment,
        grants: selected,
        actor,
        query: { page: state.page, page_size: state.pageSize, status: state.statuses, email: state.email },
      });

  return (
    <>
      <PageHeader
        title="Employments across companies"
        kicker={environmentLabel}
        description={`Every connected company of ${environmentLabel}, in one list. Open an employment to act for its company.`}
        actions={<ButtonLink href="/partner">Companies</ButtonLink>}
      />
      {live.length === 0 ? (
        <EmptyState
          title="No connected company"
          actions={
            <ButtonLink href="/partner/connect" variant="primary">
              Connect a company
            </ButtonLink>
          }
        >
          Connect a company first: its employments appear here.
        </EmptyState>
      ) : (
        <PartnerEmploymentsList
          environmentLabel={environmentLabel}
          companies={live.map((g) => ({ id: g.company.id, name: g.company.name }))}
          page={{
            // Only what the table shows crosses to the browser (the company's id and name).
            rows: (result?.employments ?? []).map((e) => ({ ...e, company: { id: e.company.id, name: e.company.name } })),
            current_page: result?.current_page ?? 1,
            total_count: result?.total_count ?? 0,
            total_pages: result?.total_pages ?? 1,
            companiesRead: result?.companies.filter((c) => c.total !== null).length ?? 0,
            companiesAsked: result?.companies.length ?? 0,
          }}
          aside={
            <>
              {unknownCompany ? (
                <Alert tone="warning" role="status" title="This company is not connected">
                  <p>The company in the link is not one of the connected companies of {environmentLabel}.</p>
                </Alert>
              ) : null}
              {result && result.failures.length > 0 ? (
                <Alert
                  tone="warning"
                  role="status"
                  title={`Partial results: ${result.failures.length} ${result.failures.length === 1 ? "company" : "companies"} could not be read`}
                >
                  <ul className="list-disc pl-5">
                    {result.failures.map((f) => (
                      <li key={f.company.id}>
                        {f.company.name}: {f.error.message}
                        {f.error.requestId ? ` (request id ${f.error.requestId})` : ""}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1">The other companies are listed; the counts leave the failing ones out.</p>
                </Alert>
              ) : null}
            </>
          }
        />
      )}
    </>
  );
}
