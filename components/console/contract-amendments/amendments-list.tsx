"use client";

import { ListStatusLine } from "@/components/console/list-status-line";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useState, type MouseEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ErrorBanner } from "@/components/console/error-banner";
import { EmploymentLink, useEmploymentDirectory } from "@/components/console/payslips/employment-directory";
import { ListFooter, rangeText } from "@/components/console/payslips/list-footer";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { CONTRACT_AMENDMENT_STATUSES, type ContractAmendmentStatus } from "@/lib/contract";
import type { ContractAmendmentListItemRead as ContractAmendmentListItem } from "@/lib/console/api-read";
import { AMENDMENT_STATUS_LABELS, AMENDMENT_STATUS_TONES, reasonLabel } from "@/lib/console/contract-amendments/labels";
import {
  amendmentHref,
  amendmentStateHref,
  hasAmendmentFilters,
  parseAmendmentState,
  toAmendmentApiQuery,
  updateAmendmentState,
  type AmendmentListState,
} from "@/lib/console/contract-amendments/url-state";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate, formatDateTime } from "@/lib/console/employments/format";
import { employmentOptions } from "@/lib/console/payslips/employment-directory";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentListQuery } from "@/lib/queries/contract-amendments";
import type { QueryScope } from "@/lib/queries/scope";

const currentUrlState = () => parseAmendmentState(new URLSearchParams(window.location.search));
const COLUMNS = ["Amendment", "Employment", "Effective", "Status", "Requested by", "Submitted"] as const;

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
  const searchParams = useSearchParams();
  const ids = { employment: useId() };
  const state = useMemo(() => parseAmendmentState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toAmendmentApiQuery(state), [state]);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...amendmentListQuery(scope, apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });
  const directory = useEmploymentDirectory(scope);
  const managers = useQuery(companyManagersQuery(scope));
  const userNames = useMemo(() => new Map((managers.data ?? []).map((m) => [m.user_id, m.user_name])), [managers.data]);
  const [employmentInput, setEmploymentInput] = useState(state.employmentId);
  useEffect(() => setEmploymentInput(state.employmentId), [state.employmentId]);
  const options = useMemo(() => employmentOptions(directory.items, { current: state.employmentId }), [directory.items, state.employmentId]);

  const navigate = useCallback((next: AmendmentListState) => {
    setServerError(null);
    window.history.pushState(null, "", amendmentStateHref(next));
  }, []);
  const change = useCallback((patch: Partial<AmendmentListState>) => navigate(updateAmendmentState(currentUrlState(), patch)), [navigate]);
  const toggleStatus = (s: ContractAmendmentStatus, on: boolean) =>
    change({ statuses: on ? [...state.statuses, s] : state.statuses.filter((x) => x !== s) });

  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  const clear = () => navigate({ ...state, employmentId: "", statuses: [], page: 1 });

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
          <div className="space-y-1.5">
            <label htmlFor={ids.employment} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Employment
            </label>
            <Select
              id={ids.employment}
              value={employmentInput}
              onChange={(e) => {
                setEmploymentInput(e.target.value);
                change({ employmentId: e.target.value });
              }}
            >
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
        {hasAmendmentFilters(state) ? (
          <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            <Button variant="ghost" size="sm" onClick={clear}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </Card>

      <ListStatusLine busy={busy} loadingText="Loading contract amendments…">
        {data
          ? rangeText(state.page, state.pageSize, data.contract_amendments.length, data.total_count, ["amendment", "amendments"]) +
            (hasAmendmentFilters(state) ? " Filtered." : "")
          : ""}
      </ListStatusLine>

      {error ? (
        <ErrorBanner
          error={error}
          operation="contract-amendments.read"
          role={serverError ? undefined : "alert"}
          actions={
            <Button variant="secondary" size="sm" onClick={() => (serverError ? setServerError(null) : void query.refetch())}>
              Try again
            </Button>
          }
        />
      ) : null}

      <Card className="overflow-hidden">
        {!data ? (
          error ? (
            <EmptyState title="The contract amendments could not be loaded">The error above says why.</EmptyState>
          ) : (
            <AmendmentsTableSkeleton />
          )
        ) : data.contract_amendments.length > 0 ? (
          <AmendmentsTable
            items={data.contract_amendments}
            employments={directory.byId}
            userNames={userNames}
            busy={busy}
            caption={`Contract amendments, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}
          />
        ) : data.total_count > 0 ? (
          <EmptyState
            title={`Page ${state.page} is past the end`}
            actions={
              <Button variant="secondary" onClick={() => change({ page: 1 })}>
                First page
              </Button>
            }
          />
        ) : hasAmendmentFilters(state) ? (
          <EmptyState
            title="No contract amendments match these filters"
            actions={
              <Button variant="secondary" onClick={clear}>
                Clear the filters
              </Button>
            }
          />
        ) : (
          <EmptyState title={`No contract amendments in ${environmentLabel} yet`}>
            An amendment requests a change to an active contract: salary, job title, working hours or time off.
          </EmptyState>
        )}
      </Card>

      {data ? (
        <ListFooter
          page={state.page}
          pageSize={state.pageSize}
          totalPages={data.total_pages}
          hrefFor={(page) => amendmentStateHref({ ...state, page })}
          onPage={(page) => change({ page })}
          onPageSize={(pageSize) => change({ pageSize })}
        />
      ) : null}
    </div>
  );
}

function AmendmentsTable({
  items,
  employments,
  userNames,
  busy,
  caption,
}: {
  items: ContractAmendmentListItem[];
  employments: Map<string, { full_name: string }>;
  userNames: Map<string, string>;
  busy?: boolean;
  caption: string;
}) {
  const router = useRouter();
  const onRowClick = (href: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("a, button, input, select, textarea, label")) return;
    if (window.getSelection()?.toString()) return;
    router.push(href);
  };
  return (
    <TableContainer label="Contract amendments">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {items.map((a) => {
            const href = amendmentHref(a.id);
            return (
              <Tr
                key={a.id}
                onClick={onRowClick(href)}
                className="cursor-pointer hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/50"
              >
                <Td className="min-w-52">
                  <Link href={href} className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white">
                    {reasonLabel(a.reason_for_change) ?? "Contract amendment"}
                  </Link>
                  {a.job_title ? <div className="text-xs text-slate-600 dark:text-slate-400">Job title now: {a.job_title}</div> : null}
                </Td>
                <Td className="min-w-44">
                  <EmploymentLink id={a.employment_id} employment={employments.get(a.employment_id)} />
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  <time dateTime={a.requested_effective_date}>{formatDate(a.requested_effective_date)}</time>
                </Td>
                <Td>
                  <Badge tone={AMENDMENT_STATUS_TONES[a.status]} dot>
                    {AMENDMENT_STATUS_LABELS[a.status]}
                  </Badge>
                </Td>
                <Td>
                  {a.requested_by ? (
                    (userNames.get(a.requested_by) ?? <code className="font-mono text-xs">{a.requested_by}</code>)
                  ) : (
                    <span className="text-slate-600 dark:text-slate-400">—</span>
                  )}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  <time dateTime={a.submitted_at}>{formatDateTime(a.submitted_at)}</time>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableContainer>
  );
}

export function AmendmentsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return <TableSkeleton columns={COLUMNS} rows={rows} label="Loading contract amendments…" cellClassName="h-4 w-24" />;
}
