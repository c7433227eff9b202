import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { ErrorBanner } from "@/components/console/error-banner";
import { PartnerOverview } from "@/components/console/overview/partner-overview.server";
import { GrantHealthBadge, UtcTime } from "@/components/console/partner/grant-health";
import { WithdrawConsentButton } from "@/components/console/partner/withdraw-consent-button";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses, ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import { countEmploymentsForPartnerHome, liveGrants, type CompanyCounts } from "@/lib/console/server/partner/aggregate";
import { loadPartnerCompanies } from "@/lib/console/server/partner/companies";
import { requireOperator } from "@/lib/console/server/partner/server";
import { auditList } from "@/lib/console/partner/list";
import { openCompanyHref, PARTNER_PATH } from "@/lib/console/partner/links";
import { partnerEmploymentsList } from "@/lib/console/partner/list";
import { CompanyFreshnessCell } from "@/components/console/readmodel/company-freshness-cell";
import { getFreshnessView } from "@/lib/console/server/readmodel/lists";
import { EMPLOYMENT_STATUSES } from "@/lib/contract/enums";

export const metadata: Metadata = { title: "Partner view" };

const NOTICES: Record<string, string> = {
  revoked: "That company is not connected any more (its consent was withdrawn): reconnect it with a new consent link.",
  unknown: "That company is not connected to the partner in this environment.",
};

/**
 * The partner's companies in the current environment: each one's health (active, refresh failing,
 * consent revoked), the time of its last successful call, its employments per status, and the way
 * into its pages. Reconciled with the API's own list of consented companies on every load.
 */
export default async function PartnerOverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { deps, session, actor } = await requireOperator(PARTNER_PATH);
  const notice = (await searchParams).notice;
  const environment = session.environment;
  const { grants: reconciled, unconnected, reconcileError } = await loadPartnerCompanies(deps, environment);
  const counts = await countEmploymentsForPartnerHome(deps, { environment, grants: liveGrants(reconciled), actor });
  const byCompany = new Map<string, CompanyCounts>(counts.map((c) => [c.company.id, c]));
  // The counts may have refreshed tokens (or found a grant revoked): show the health as it is now.
  const grants = await deps.grants.listGrants(environment);
  const freshness = await getFreshnessView(
    deps.db,
    { kind: "partner", environment },
    liveGrants(grants).map((g) => g.company),
    deps.now(),
    { all: true },
  );
  const freshnessOf = new Map(freshness.companies.map((f) => [f.company.id, f]));
  const envLabel = ENVIRONMENT_LABELS[environment];
  const noticeText = typeof notice === "string" ? NOTICES[notice] : undefined;
  const totals = counts.reduce<Record<string, number>>((acc, c) => {
    for (const [status, n] of Object.entries(c.byStatus)) acc[status] = (acc[status] ?? 0) + (n ?? 0);
    return acc;
  }, {});
  const shownStatuses = EMPLOYMENT_STATUSES.filter((s) => totals[s]);

  return (
    <>
      <PageHeader
        title="Partner view"
        kicker={envLabel}
        description={`The companies that granted consent to the partner in ${envLabel}, their health, and their employments.`}
        actions={
          <>
            <ButtonLink href="/partner/employments">Employments across companies</ButtonLink>
            <ButtonLink href="/partner/connect" variant="primary">
              Connect a company
            </ButtonLink>
          </>
        }
      />
      <div className="space-y-6">
        {noticeText ? (
          <Alert tone="warning" role="status" title="Company not available">
            <p>{noticeText}</p>
          </Alert>
        ) : null}
        {reconcileError ? (
          <ErrorBanner
            error={reconcileError}
            details={[
              "The API's list of consented companies (GET /v1/companies) could not be read: the companies are shown as last known.",
            ]}
          />
        ) : null}

        {grants.length === 0 ? (
          <EmptyState
            title={`No company is connected in ${envLabel} yet`}
            actions={
              <ButtonLink href="/partner/connect" variant="primary">
                Connect a company
              </ButtonLink>
            }
          >
            Create a consent link and send it to an owner or admin of the company: once they consent at the Employment API, the company
            appears here.
          </EmptyState>
        ) : (
          <Card>
            <CardHeader
              titleId="companies-title"
              title="Connected companies"
              description="One grant per company: refreshed when it expires, checked against the API on every visit."
            />
            <TableContainer label="Connected companies">
              <Table aria-labelledby="companies-title">
                <THead>
                  <Tr>
                    <Th>Company</Th>
                    <Th>Health</Th>
                    <Th>Last successful call</Th>
                    <Th>Synced</Th>
                    <Th className="text-right">Employments</Th>
                    <Th>By status</Th>
                    <Th>Consent</Th>
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {grants.map((grant) => {
                    const c = byCompany.get(grant.company.id);
                    const live = grant.status !== "revoked";
                    return (
                      <Tr key={grant.id} data-testid={`company-row-${grant.company.id}`}>
                        <Td>
                          <span className="font-medium text-slate-900 dark:text-slate-100">{grant.company.name}</span>
                        </Td>
                        <Td>
                          <GrantHealthBadge status={grant.status} />
                          {grant.statusReason ? (
                            <p className="mt-1 max-w-xs text-xs text-slate-600 dark:text-slate-400">{grant.statusReason}</p>
                          ) : null}
                        </Td>
                        <Td className="whitespace-nowrap">
                          <UtcTime value={grant.lastSuccessAt} />
                        </Td>
                        <Td className="max-w-xs text-xs">
                          <CompanyFreshnessCell freshness={freshnessOf.get(grant.company.id) ?? null} readAt={freshness.readAt} />
                        </Td>
                        <Td className="text-right tabular-nums">{c?.total ?? "—"}</Td>
                        <Td>
                          {c?.error ? (
                            <p className="max-w-xs text-xs text-red-800 dark:text-red-300">
                              Not available: {c.error.message}
                              {c.error.requestId ? ` (request id ${c.error.requestId})` : ""}
                            </p>
                          ) : c ? (
                            <ul className="flex max-w-md flex-wrap gap-1" aria-label={`Employments of ${grant.company.name} by status`}>
                              {EMPLOYMENT_STATUSES.filter((s) => c.byStatus[s]).map((s) => (
                                <li key={s}>
                                  <Badge tone="gray">
                                    {STATUS_LABELS[s]} {c.byStatus[s]}
                                  </Badge>
                                </li>
                              ))}
                            </ul>
                          ) : (
                            <span className="text-slate-500 dark:text-slate-400">—</span>
                          )}
                        </Td>
                        <Td className="text-xs text-slate-700 dark:text-slate-300">
                          {grant.consentedBy ? <p>{grant.consentedBy.name}</p> : null}
                          <UtcTime value={grant.consentedAt} />
                        </Td>
                        <Td>
                          <div className="flex flex-wrap justify-end gap-2">
                            {live ? (
                              <>
                                {/* A plain link, never prefetched: opening a company switches the session to it. */}
                                <a
                                  href={openCompanyHref(grant.company.id)}
                                  className={buttonClasses({ variant: "primary", size: "sm" })}
                                  aria-label={`Open ${grant.company.name}`}
                                >
                                  Open
                                </a>
                                <ButtonLink
                                  size="sm"
                                  href={partnerEmploymentsList.hrefFor({ company: grant.company.id })}
                                  aria-label={`Employments of ${grant.company.name}`}
                                >
                                  Employments
                                </ButtonLink>
                              </>
                            ) : (
                              <ButtonLink size="sm" href="/partner/connect" aria-label={`Reconnect ${grant.company.name}`}>
                                Reconnect
                              </ButtonLink>
                            )}
                            <ButtonLink
                              size="sm"
                              href={auditList.hrefFor({ company: grant.company.id })}
                              aria-label={`Audit log of ${grant.company.name}`}
                            >
                              Audit log
                            </ButtonLink>
                            {live ? <WithdrawConsentButton companyId={grant.company.id} companyName={grant.company.name} /> : null}
                          </div>
                        </Td>
                      </Tr>
                    );
                  })}
                </TBody>
              </Table>
            </TableContainer>
          </Card>
        )}

        {shownStatuses.length > 0 ? (
          <Card>
            <CardHeader titleId="totals-title" title="Employments by status, every connected company" />
            <ul className="flex flex-wrap gap-2 px-5 py-4" aria-labelledby="totals-title">
              {shownStatuses.map((s) => (
                <li key={s}>
                  <a
                    href={partnerEmploymentsList.hrefFor({ statuses: [s] })}
                    className="inline-flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    {STATUS_LABELS[s]} <span className="font-semibold tabular-nums">{totals[s]}</span>
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        <PartnerOverview deps={deps} environment={environment} grants={grants} actor={actor} />

        {unconnected.length > 0 ? (
          <Alert tone="info" title="Consented at the API, without a grant in this console">
            <p>
              The API lists these companies as consented to the partner&apos;s client, but this console holds no usable grant for them
              (connected from another console, or its grant was withdrawn here). Send them a new consent link to act for them.
            </p>
            <ul className="mt-2 list-disc pl-5">
              {unconnected.map((c) => (
                <li key={c.id}>{c.name}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>
    </>
  );
}
