import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { UtcTime } from "@/components/console/partner/grant-health";
import { LinkPagination } from "@/components/console/partner/link-pagination";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { listAudit } from "@/lib/console/partner/audit";
import { requireOperator } from "@/lib/console/partner/server";
import { auditHref } from "@/lib/console/partner/url-state";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;
const ACTOR_KINDS = { operator: "Operator", company_user: "Company user", customer_token: "Customer API token" } as const;

/** The audit log of one company: every mutating call the console made to the API for it, newest first. */
export default async function PartnerAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const companyId = typeof params.company === "string" ? params.company : "";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(typeof params.page === "string" ? params.page : "1", 10) || 1));
  const { deps, session } = await requireOperator(auditHref(companyId, page));
  const grant = companyId ? await deps.grants.getGrant(session.environment, companyId) : null;
  // Only companies the partner is (or was) connected to: an operator reads no other company's log.
  if (!grant) notFound();
  const log = await listAudit(deps.db, { environment: session.environment, companyId, page, pageSize: PAGE_SIZE });

  return (
    <>
      <PageHeader
        title={`Audit log of ${grant.company.name}`}
        kicker={ENVIRONMENT_LABELS[session.environment]}
        description="Every change the console made at the Employment API for this company: who, when, the call, the API's answer and its request id."
        actions={<ButtonLink href="/partner">Companies</ButtonLink>}
      />
      {log.entries.length === 0 ? (
        <EmptyState title="No change recorded yet">Changes made through the console for {grant.company.name} appear here.</EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <TableContainer label="Audit log">
            <Table>
              <caption className="sr-only">
                Audit log of {grant.company.name}, page {log.page} of {log.totalPages}
              </caption>
              <THead>
                <Tr>
                  <Th>When</Th>
                  <Th>Who</Th>
                  <Th>Call</Th>
                  <Th>Status</Th>
                  <Th>Request id</Th>
                </Tr>
              </THead>
              <TBody>
                {log.entries.map((e) => (
                  <Tr key={e.id}>
                    <Td className="whitespace-nowrap">
                      <UtcTime value={e.at} />
                    </Td>
                    <Td>
                      <div>{e.actor.name ?? e.actor.email ?? "Unknown"}</div>
                      <div className="text-xs text-slate-600 dark:text-slate-400">
                        {ACTOR_KINDS[e.actor.kind]}
                        {e.actor.email && e.actor.name ? ` · ${e.actor.email}` : ""}
                      </div>
                    </Td>
                    <Td>
                      <code className="font-mono text-xs">
                        {e.method} /{e.path}
                      </code>
                    </Td>
                    <Td className="tabular-nums">{e.status === 0 ? "Unreachable" : e.status}</Td>
                    <Td>{e.requestId ? <code className="select-all font-mono text-xs">{e.requestId}</code> : "—"}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableContainer>
          <div className="border-t border-slate-200 px-4 py-3 empty:hidden dark:border-slate-800">
            <LinkPagination page={page} totalPages={log.totalPages} hrefFor={(p) => auditHref(companyId, p)} />
          </div>
        </Card>
      )}
    </>
  );
}
