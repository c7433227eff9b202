"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { ExportButton, DataTable, ListShell, RowLink, useList, type ListColumn } from "@/components/console/list";
import { EmploymentLink, useEmploymentDirectory } from "@/components/console/payslips/employment-directory";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { CONTRACT_AMENDMENT_STATUSES } from "@/lib/contract/enums";
import type { ContractAmendmentStatus } from "@/lib/contract";
import type { ContractAmendmentListItemRead as ContractAmendmentListItem } from "@/lib/console/api-read";
import { AMENDMENT_STATUS_LABELS, AMENDMENT_STATUS_TONES, reasonLabel } from "@/lib/console/contract-amendments/labels";
import { amendmentsList } from "@/lib/console/contract-amendments/list";
import { amendmentHref } from "@/lib/console/contract-amendments/links";
import { formatDate, formatDateTime } from "@/lib/console/format";
import { employmentOptions } from "@/lib/console/payslips/employment-directory";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentListQuery } from "@/lib/queries/contract-amendments";
import type { QueryScope } from "@/lib/queries/scope";
import { AMENDMENT_COLUMNS } from "./amendment-columns";

/** Contract amendments, newest first; employment and statuses filter through the API, in the URL. */
export function AmendmentsList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const employmentId = useId();
  const model = useList(amendmentsList, (q) => amendmentListQuery(scope, q), { initialError });
  const { state, change } = model;
  const directory = useEmploymentDirectory(scope);
  const managers = useQuery(companyManagersQuery(scope));
  const userNames = useMemo(() => new Map((managers.data ?? []).map((m) => [m.user_id, m.user_name])), [managers.data]);
  const options = useMemo(() => employmentOptions(directory.items, { current: state.employmentId }), [directory.items, state.employmentId]);
  const toggleStatus = (s: ContractAmendmentStatus, on: boolean) =>
    change({ statuses: on ? [...state.statuses, s] : state.statuses.filter((x) => x !== s) });

  const columns = useMemo<ListColumn<ContractAmendmentListItem>[]>(
    () => [
      {
        id: "amendment",
        header: "Amendment",
        meta: { sortKey: "amendment", className: "min-w-52" },
        cell: ({ row: { original: a } }) => (
          <>
            <RowLink href={amendmentHref(a.id)} className="list-row-link">
              {reasonLabel(a.reason_for_change) ?? "Contract amendment"}
            </RowLink>
            {a.job_title ? <div className="text-xs text-slate-600 dark:text-slate-400">Job title now: {a.job_title}</div> : null}
          </>
        ),
      },
      {
        id: "employee",
        header: "Employment",
        meta: { sortKey: "employee", className: "min-w-44" },
        cell: ({ row: { original: a } }) => <EmploymentLink id={a.employment_id} employment={directory.byId.get(a.employment_id)} />,
      },
      {
        id: "effective",
        header: "Effective",
        meta: { sortKey: "effective", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: a } }) => <time dateTime={a.requested_effective_date}>{formatDate(a.requested_effective_date)}</time>,
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status" },
        cell: ({ row: { original: a } }) => (
          <Badge tone={AMENDMENT_STATUS_TONES[a.status]} dot>
            {AMENDMENT_STATUS_LABELS[a.status]}
          </Badge>
        ),
      },
      {
        id: "requested_by",
        header: "Requested by",
        meta: { sortKey: "requested_by" },
        cell: ({ row: { original: a } }) =>
          a.requested_by ? (
            (userNames.get(a.requested_by) ?? <code className="font-mono text-xs">{a.requested_by}</code>)
          ) : (
            <span className="text-slate-600 dark:text-slate-400">—</span>
          ),
      },
      {
        id: "submitted",
        header: "Submitted",
        meta: { sortKey: "submitted", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: a } }) => <time dateTime={a.submitted_at}>{formatDateTime(a.submitted_at)}</time>,
      },
    ],
    [directory.byId, userNames],
  );

  return (
    <ListShell
      scope={scope}
      model={model}
      items={model.data?.contract_amendments ?? []}
      noun={["contract amendment", "contract amendments"]}
      operation="contract-amendments.read"
      environmentLabel={environmentLabel}
      columns={AMENDMENT_COLUMNS}
      toolbar={
        <ExportButton
          endpoint="/api/bff/contract-amendments/export"
          scope={scope}
          noun={["contract amendment", "contract amendments"]}
          columns={AMENDMENT_COLUMNS}
          operation="contract-amendments.read"
        />
      }
      emptyText="An amendment requests a change to an active contract: salary, job title, working hours or time off."
      filters={
        <Card className="p-4">
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
            <div className="space-y-1.5">
              <label htmlFor={employmentId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                Employment
              </label>
              <Select id={employmentId} value={state.employmentId} onChange={(e) => change({ employmentId: e.target.value })}>
                <option value="">All employments</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-slate-900 dark:text-slate-100">Status</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {CONTRACT_AMENDMENT_STATUSES.map((s) => (
                  <label key={s} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={state.statuses.includes(s)}
                      onChange={(e) => toggleStatus(s, e.target.checked)}
                    />
                    {AMENDMENT_STATUS_LABELS[s]}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          {model.filtered ? (
            <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
              <Button variant="ghost" size="sm" onClick={model.clearFilters}>
                Clear filters
              </Button>
            </div>
          ) : null}
        </Card>
      }
    >
      {(items, { busy, caption }) => (
        <DataTable
          {...model.table}
          label="Contract amendments"
          caption={caption}
          rows={items}
          columns={columns}
          getRowId={(a) => a.id}
          busy={busy}
        />
      )}
    </ListShell>
  );
}
