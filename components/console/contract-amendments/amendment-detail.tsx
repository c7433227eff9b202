"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ErrorBanner } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { ContractAmendmentRead as ContractAmendment } from "@/lib/console/api-read";
import {
  AMENDMENT_STATUS_DESCRIPTIONS,
  AMENDMENT_STATUS_LABELS,
  AMENDMENT_STATUS_TONES,
  changeRows,
  isOpenAmendment,
  reasonLabel,
  salaryDecreaseLabel,
} from "@/lib/console/contract-amendments/labels";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate, formatDateTime } from "@/lib/console/format";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentDetailQuery, amendmentKeys, approveContractAmendment } from "@/lib/queries/contract-amendments";
import { employmentKeys } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";

/**
 * One contract amendment: the changed terms (the contract's value when it was submitted, and the
 * requested one), the request, and in the sandbox "Approve" (status done applies it to the contract).
 */
export function AmendmentDetail({ scope, id, justSubmitted = false }: { scope: QueryScope; id: string; justSubmitted?: boolean }) {
  const query = useQuery(amendmentDetailQuery(scope, id));
  const managers = useQuery(companyManagersQuery(scope));
  const [approvedNow, setApprovedNow] = useState(false);
  const a = query.data;
  if (!a)
    return query.isError ? <ErrorBanner error={toErrorPayload(query.error)} operation="contract-amendments.read" role="alert" /> : null;
  const requester = a.requested_by ? (managers.data?.find((m) => m.user_id === a.requested_by)?.user_name ?? a.requested_by) : null;
  const currency = a.changes["compensation.amount"]?.currency ?? null;
  const rows = changeRows(a.changes, currency);
  const details = a.request_details;
  const decrease = details.salary_decrease_details;
  return (
    <div className="space-y-6">
      {query.isError ? <ErrorBanner error={toErrorPayload(query.error)} role="alert" /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={AMENDMENT_STATUS_TONES[a.status]} dot>
          {AMENDMENT_STATUS_LABELS[a.status]}
        </Badge>
        <span className="text-sm text-slate-600 dark:text-slate-400">{AMENDMENT_STATUS_DESCRIPTIONS[a.status]}</span>
      </div>

      {justSubmitted && !approvedNow && isOpenAmendment(a.status) ? (
        <Alert tone="success" role="status" title="Amendment submitted">
          <p>
            The API accepted the amendment. It now waits for review{scope.environment === "sandbox" ? ": approve it below to apply it" : ""}
            .
          </p>
        </Alert>
      ) : null}
      {approvedNow ? (
        <Alert tone="success" role="status" title="Amendment approved">
          <p>The changes are applied to the employment&apos;s contract, and the company&apos;s webhooks receive contract_amendment.done.</p>
        </Alert>
      ) : null}
      {scope.environment === "sandbox" && isOpenAmendment(a.status) ? (
        <ApproveCard scope={scope} amendment={a} onApproved={() => setApprovedNow(true)} />
      ) : null}

      <Card aria-labelledby="changes-title">
        <CardHeader
          titleId="changes-title"
          title="Requested changes"
          description="Each term as the contract had it when the amendment was submitted, and the requested value."
        />
        {rows.length > 0 ? (
          <TableContainer label="Requested changes">
            <Table>
              <caption className="sr-only">Requested changes</caption>
              <THead>
                <Tr>
                  <Th>Term</Th>
                  <Th>On the contract</Th>
                  <Th>Requested</Th>
                </Tr>
              </THead>
              <TBody>
                {rows.map((r) => (
                  <Tr key={r.key}>
                    <Td className="font-medium text-slate-900 dark:text-white">
                      {r.label}
                      <div className="font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{r.key}</div>
                    </Td>
                    <Td className="tabular-nums">{r.previous}</Td>
                    <Td className="tabular-nums font-medium text-slate-900 dark:text-white">{r.requested}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableContainer>
        ) : (
          <CardBody>
            <p className="text-sm text-slate-600 dark:text-slate-400">The amendment lists no changed term.</p>
          </CardBody>
        )}
      </Card>

      <Card aria-labelledby="request-title">
        <CardHeader titleId="request-title" title="Request" />
        <CardBody>
          <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            <Row label="Effective date">
              {details.effective_date ? <time dateTime={details.effective_date}>{formatDate(details.effective_date)}</time> : <Empty />}
            </Row>
            <Row label="Reason">{reasonLabel(details.reason_for_change ?? null) ?? <Empty />}</Row>
            <Row label="Reason, explained">{details.reason_for_change_description ?? <Empty />}</Row>
            <Row label="Additional comments">{details.additional_comments ?? <Empty />}</Row>
            {decrease ? (
              <Row label="Salary decrease">
                {salaryDecreaseLabel(decrease.salary_decrease_reason)}
                {decrease.salary_decrease_reason_description ? ` (${decrease.salary_decrease_reason_description})` : ""}
              </Row>
            ) : null}
            <Row label="Requested by">{requester ?? <Empty />}</Row>
            <Row label="Submitted">
              <time dateTime={a.submitted_at}>{formatDateTime(a.submitted_at)}</time>
            </Row>
            <Row label="Contract">
              <code className="select-all break-all font-mono text-xs">{a.amendment_contract_id}</code>
            </Row>
            <Row label="Amendment ID">
              <code className="select-all break-all font-mono text-xs">{a.id}</code>
            </Row>
          </dl>
        </CardBody>
      </Card>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const Empty = () => <span className="italic text-slate-600 dark:text-slate-400">None</span>;

/** Sandbox: approve the amendment (PATCH /v1/sandbox/contract-amendments/{id} {status: done}). */
function ApproveCard({ scope, amendment, onApproved }: { scope: QueryScope; amendment: ContractAmendment; onApproved: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const mutation = useMutation({
    mutationFn: () => approveContractAmendment(scope, amendment.id),
    onSuccess: async (updated) => {
      queryClient.setQueryData(amendmentKeys.detail(scope, amendment.id), updated);
      // The contract (job title, contract details) changed: the employment and the lists are stale.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: amendmentKeys.lists(scope) }),
        queryClient.invalidateQueries({ queryKey: employmentKeys.detail(scope, amendment.employment_id) }),
        queryClient.invalidateQueries({ queryKey: employmentKeys.lists(scope) }),
      ]);
    },
  });
  const approve = async () => {
    setFailure(null);
    try {
      await mutation.mutateAsync();
      onApproved();
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setFailure(error);
    }
  };
  return (
    <Card aria-labelledby="approve-title" className="border-amber-300 dark:border-amber-700">
      <CardHeader
        titleId="approve-title"
        title="Approve (sandbox)"
        description="In production the provider reviews amendments. In the sandbox you decide: approving applies the changes to the contract at once and sends contract_amendment.done."
        actions={
          <Button onClick={() => void approve()} disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? "Approving…" : "Approve"}
          </Button>
        }
      />
      {failure ? (
        <CardBody>
          <ErrorBanner title="The API did not approve the amendment" error={failure} operation="contract-amendments.write" role="alert" />
        </CardBody>
      ) : null}
    </Card>
  );
}
