import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { AuditLogList } from "@/components/console/partner/audit-log-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { listAudit } from "@/lib/console/server/partner/audit";
import { auditList, type AuditSortKey } from "@/lib/console/partner/list";
import { requireOperator } from "@/lib/console/server/partner/server";

export const metadata: Metadata = { title: "Audit log" };

/**
 * The audit log: every mutating call the console made to the API, newest first. Without `?company=`
 * the operator's cross-company log (every company of the environment the partner has, or had, a
 * grant for, with a company column and filter); with one, that company's log.
 *
 * The log is the console's own table, read here on the server: the list's URL state is `auditList`
 * (defineList) and the client island changes it through the router (useServerList), so this page re-renders
 * for the new URL. No BFF route: BFF handlers run with a company session's API client and tab scope,
 * and this list needs neither (an operator reads it across companies, no API call is made).
 */
export default async function PartnerAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = auditList.parse(await searchParams);
  const { deps, session } = await requireOperator(auditList.href(state));
  const grants = await deps.grants.listGrants(session.environment);
  const grant = state.company ? grants.find((g) => g.company.id === state.company) : undefined;
  // Only companies the partner is (or was) connected to: an operator reads no other company's log.
  if (state.company && !grant) notFound();
  const log = await listAudit(deps.db, {
    environment: session.environment,
    companyId: grant ? grant.company.id : grants.map((g) => g.company.id),
    page: state.page,
    pageSize: state.pageSize,
    sort: { by: (state.sort ?? "") as AuditSortKey | "", order: state.order ?? "desc" },
  });
  const environmentLabel = ENVIRONMENT_LABELS[session.environment];

  return (
    <>
      <PageHeader
        title={grant ? `Audit log of ${grant.company.name}` : "Audit log"}
        kicker={environmentLabel}
        description={
          grant
            ? "Every change the console made at the Employment API for this company: who, when, the call, the API's answer and its request id."
            : `Every change the console made at the Employment API for the companies of ${environmentLabel}, newest first: who, when, the call, the API's answer and its request id.`
        }
        actions={<ButtonLink href="/partner">Companies</ButtonLink>}
      />
      <AuditLogList
        log={{ entries: log.entries, current_page: log.page, total_count: log.totalCount, total_pages: log.totalPages }}
        companies={grants.map((g) => ({ id: g.company.id, name: g.company.name }))}
        environmentLabel={environmentLabel}
      />
    </>
  );
}
