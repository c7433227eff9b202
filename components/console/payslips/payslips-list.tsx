"use client";

import { ListStatusLine } from "@/components/console/list-status-line";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select } from "@/components/ui/field";
import { ErrorBanner } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { employmentOptions } from "@/lib/console/payslips/employment-directory";
import {
  dateWindowError,
  hasPayslipFilters,
  parsePayslipState,
  payslipStateHref,
  toPayslipApiQuery,
  updatePayslipState,
  type PayslipListState,
} from "@/lib/console/payslips/url-state";
import { payslipListQuery } from "@/lib/queries/payslips";
import type { QueryScope } from "@/lib/queries/scope";
import { useEmploymentDirectory } from "./employment-directory";
import { ListFooter, rangeText } from "./list-footer";
import { PayslipsTable, PayslipsTableSkeleton } from "./payslips-table";

const currentUrlState = () => parsePayslipState(new URLSearchParams(window.location.search));

/**
 * The payslips list, interactive. Its state is the URL (lib/console/payslips/url-state): changes are
 * pushed to history (Back works, links can be shared) and the page of data comes from the query the
 * server prefetched, refetched through the BFF when the state changes.
 */
export function PayslipsList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const searchParams = useSearchParams();
  const state = useMemo(() => parsePayslipState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toPayslipApiQuery(state), [state]);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...payslipListQuery(scope, apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });
  const directory = useEmploymentDirectory(scope);
  const [downloadError, setDownloadError] = useState<ApiErrorPayload | null>(null);

  const navigate = useCallback((next: PayslipListState) => {
    setServerError(null);
    window.history.pushState(null, "", payslipStateHref(next));
  }, []);
  const change = useCallback((patch: Partial<PayslipListState>) => navigate(updatePayslipState(currentUrlState(), patch)), [navigate]);

  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);

  return (
    <div className="space-y-4">
      <PayslipFilters
        state={state}
        scope={scope}
        onApply={(patch) => change(patch)}
        onClear={() => navigate({ ...state, employmentId: "", startDate: "", endDate: "", page: 1 })}
      />

      <ListStatusLine busy={busy} loadingText="Loading payslips…">
        {data
          ? rangeText(state.page, state.pageSize, data.payslips.length, data.total_count, ["payslip", "payslips"]) +
            (hasPayslipFilters(state) ? " Filtered." : "")
          : ""}
      </ListStatusLine>

      {error ? (
        <ErrorBanner
          error={error}
          operation="payslips.read"
          role={serverError ? undefined : "alert"}
          actions={
            <Button variant="secondary" size="sm" onClick={() => (serverError ? setServerError(null) : void query.refetch())}>
              Try again
            </Button>
          }
        />
      ) : null}
      {downloadError ? (
        <ErrorBanner
          error={downloadError}
          operation="payslips.read"
          role="alert"
          actions={
            <Button variant="ghost" size="sm" onClick={() => setDownloadError(null)}>
              Dismiss
            </Button>
          }
        />
      ) : null}

      <Card className="overflow-hidden">
        {!data ? (
          error ? (
            <EmptyState title="The payslips could not be loaded">The error above says why.</EmptyState>
          ) : (
            <PayslipsTableSkeleton rows={Math.min(state.pageSize, 8)} />
          )
        ) : data.payslips.length > 0 ? (
          <PayslipsTable
            scope={scope}
            items={data.payslips}
            employments={directory.byId}
            busy={busy}
            caption={`Payslips, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}
            onDownloadError={setDownloadError}
          />
        ) : data.total_count > 0 && state.page > data.total_pages ? (
          <EmptyState
            title={`Page ${state.page} is past the end`}
            actions={
              <Button variant="secondary" onClick={() => change({ page: 1 })}>
                First page
              </Button>
            }
          >
            There {data.total_pages === 1 ? "is 1 page" : `are ${data.total_pages} pages`} of payslips.
          </EmptyState>
        ) : hasPayslipFilters(state) ? (
          <EmptyState
            title="No payslips match these filters"
            actions={
              <Button variant="secondary" onClick={() => navigate({ ...state, employmentId: "", startDate: "", endDate: "", page: 1 })}>
                Clear the filters
              </Button>
            }
          >
            The dates select payslips whose pay period overlaps them.{" "}
            {scope.environment === "sandbox" ? "In the sandbox, release one below." : null}
          </EmptyState>
        ) : (
          <EmptyState title={`No payslips in ${environmentLabel} yet`}>
            Payslips appear here once payroll releases them.{scope.environment === "sandbox" ? " In the sandbox, release one below." : null}
          </EmptyState>
        )}
      </Card>

      {data ? (
        <ListFooter
          page={state.page}
          pageSize={state.pageSize}
          totalPages={data.total_pages}
          hrefFor={(page) => payslipStateHref({ ...state, page })}
          onPage={(page) => change({ page })}
          onPageSize={(pageSize) => change({ pageSize })}
        />
      ) : null}
      {directory.items.length === 0 && directory.query.isError ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The employments could not be loaded, so payslips show employment ids instead of names.
        </p>
      ) : null}
    </div>
  );
}

/** The filters: an employment and a date window, applied together (Enter or "Apply"). */
function PayslipFilters({
  state,
  scope,
  onApply,
  onClear,
}: {
  state: PayslipListState;
  scope: QueryScope;
  onApply: (patch: Pick<PayslipListState, "employmentId" | "startDate" | "endDate">) => void;
  onClear: () => void;
}) {
  const id = useId();
  const directory = useEmploymentDirectory(scope);
  const [employmentId, setEmploymentId] = useState(state.employmentId);
  const [startDate, setStartDate] = useState(state.startDate);
  const [endDate, setEndDate] = useState(state.endDate);
  const [windowError, setWindowError] = useState<string | null>(null);
  // The URL changed (Back, a link, "Clear"): the inputs follow it.
  useEffect(() => {
    setEmploymentId(state.employmentId);
    setStartDate(state.startDate);
    setEndDate(state.endDate);
    setWindowError(null);
  }, [state.employmentId, state.startDate, state.endDate]);
  const options = useMemo(() => employmentOptions(directory.items, { current: state.employmentId }), [directory.items, state.employmentId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = dateWindowError(startDate, endDate);
    setWindowError(problem);
    if (!problem) onApply({ employmentId, startDate, endDate });
  };

  return (
    <Card className="p-4">
      <form
        role="search"
        aria-label="Filter payslips"
        onSubmit={submit}
        noValidate
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
      >
        <Field id={`${id}-employment`} label="Employment">
          {(aria) => (
            <Select {...aria} value={employmentId} onChange={(e) => setEmploymentId(e.target.value)}>
              <option value="">All employments</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-start`} label="Pay period from">
          {(aria) => <Input {...aria} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />}
        </Field>
        <Field id={`${id}-end`} label="Pay period to" error={windowError ?? undefined}>
          {(aria) => <Input {...aria} type="date" value={endDate} invalid={!!windowError} onChange={(e) => setEndDate(e.target.value)} />}
        </Field>
        <div className="flex gap-2 md:pt-6">
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {hasPayslipFilters(state) ? (
            <Button variant="ghost" onClick={onClear}>
              Clear
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
