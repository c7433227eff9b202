import type { Metadata } from "next";
import { EMPLOYMENT_CELL_COLUMNS, EmploymentCells } from "@/components/console/employments/employment-cells";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { LinkPagination } from "@/components/console/partner/link-pagination";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { STATUS_OPTIONS } from "@/lib/console/employments/labels";
import { pageRange, PAGE_SIZE_OPTIONS } from "@/lib/console/list";
import { listEmploymentsAcrossCompanies, liveGrants } from "@/lib/console/partner/aggregate";
import { requireOperator } from "@/lib/console/partner/server";
import { openCompanyHref, parsePartnerListState, partnerListHref, PARTNER_EMPLOYMENTS_PATH } from "@/lib/console/partner/url-state";

export const metadata: Metadata = { title: "Employments across companies" };

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

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
  const state = parsePartnerListState(await searchParams);
  const { deps, session, actor } = await requireOperator(partnerListHref(state));
  const environment = session.environment;
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
  const range = result ? pageRange(state.page, state.pageSize, result.employments.length, result.total_count) : null;
  const hrefFor = (page: number) => partnerListHref({ ...state, page });
  const filtered = state.statuses.length > 0 || state.email !== "" || state.company !== "";

  return (
    <>
      <PageHeader
        title="Employments across companies"
        kicker={ENVIRONMENT_LABELS[environment]}
        description={`Every connected company of ${ENVIRONMENT_LABELS[environment]}, in one list. Open an employment to act for its company.`}
        actions={<ButtonLink href="/partner">Companies</ButtonLink>}
      />
      <div className="space-y-4">
        <Card className="p-4">
          <form
            method="get"
            action={PARTNER_EMPLOYMENTS_PATH}
            className="grid gap-4 md:grid-cols-[repeat(3,minmax(0,1fr))_auto] md:items-end"
            aria-label="Filters"
          >
            <div>
              <label htmlFor="filter-company" className="block text-sm font-medium">
                Company
              </label>
              <select id="filter-company" name="company" defaultValue={state.company} className={`mt-1 ${inputClass}`}>
                <option value="">All companies</option>
                {live.map((g) => (
                  <option key={g.company.id} value={g.company.id}>
                    {g.company.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-email" className="block text-sm font-medium">
                Personal email
              </label>
              <input id="filter-email" name="email" type="email" defaultValue={state.email} className={`mt-1 ${inputClass}`} />
            </div>
            <div>
              <label htmlFor="filter-page-size" className="block text-sm font-medium">
                Rows per page
              </label>
              <select id="filter-page-size" name="page_size" defaultValue={String(state.pageSize)} className={`mt-1 ${inputClass}`}>
                {PAGE_SIZE_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="primary">
                Apply filters
              </Button>
              {filtered ? <ButtonLink href={PARTNER_EMPLOYMENTS_PATH}>Clear</ButtonLink> : null}
            </div>
            <fieldset className="md:col-span-4">
              <legend className="text-sm font-medium">Status</legend>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {STATUS_OPTIONS.map((o) => (
                  <label key={o.value} className="inline-flex items-center gap-1.5 text-sm">
                    <input type="checkbox" name="status" value={o.value} defaultChecked={state.statuses.includes(o.value)} />
                    {o.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </form>
        </Card>

        {unknownCompany ? (
          <Alert tone="warning" role="status" title="This company is not connected">
            <p>The company in the link is not one of the connected companies of {ENVIRONMENT_LABELS[environment]}.</p>
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
        ) : result && result.employments.length === 0 ? (
          <EmptyState title={filtered ? "No employment matches these filters" : "No employments yet"}>
            {filtered ? "Change or clear the filters." : "The connected companies have no employments."}
          </EmptyState>
        ) : result ? (
          <Card className="overflow-hidden">
            <TableContainer label="Employments across companies">
              <Table>
                <caption className="sr-only">
                  Employments across companies{range ? `, ${range.from} to ${range.to} of ${range.total}` : ""}
                </caption>
                <THead>
                  <Tr>
                    <Th>Company</Th>
                    <Th>Name</Th>
                    {EMPLOYMENT_CELL_COLUMNS.map((c) => (
                      <Th key={c}>{c}</Th>
                    ))}
                  </Tr>
                </THead>
                <TBody>
                  {result.employments.map((e) => (
                    <Tr key={`${e.company.id}:${e.id}`}>
                      <Td className="whitespace-nowrap">{e.company.name}</Td>
                      <Td className="min-w-52">
                        <a
                          href={openCompanyHref(e.company.id, `/employments/${encodeURIComponent(e.id)}`)}
                          className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
                        >
                          {e.full_name}
                        </a>
                        <div className="text-xs text-slate-600 dark:text-slate-400">{e.personal_email}</div>
                      </Td>
                      <EmploymentCells e={e} />
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </TableContainer>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800">
              <p role="status">
                {range ? `${range.from}–${range.to} of ${range.total}` : "None"} · {result.companies.filter((c) => c.total !== null).length}{" "}
                of {result.companies.length} {result.companies.length === 1 ? "company" : "companies"}
              </p>
              <LinkPagination page={state.page} totalPages={result.total_pages} hrefFor={hrefFor} />
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}
