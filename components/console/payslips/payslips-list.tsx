"use client";

import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { ErrorBanner } from "@/components/console/error-banner";
import { ExportButton, ListShell, useList } from "@/components/console/list";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { MissingScopeNotice } from "@/lib/console/auth/missing-scope";
import { employmentOptions } from "@/lib/console/payslips/employment-directory";
import { payslipsList, type PayslipListState } from "@/lib/console/payslips/list";
import { dateWindowError } from "@/lib/console/payslips/list";
import { payslipListQuery } from "@/lib/queries/payslips";
import type { QueryScope } from "@/lib/queries/scope";
import { useEmploymentDirectory } from "./employment-directory";
import { PAYSLIP_COLUMNS } from "./payslip-columns";
import { PayslipsTable } from "./payslips-table";

/**
 * The payslips list, interactive. Its state is the URL (payslipsList, lib/console/payslips/list.ts):
 * changes are pushed to history (Back works, links can be shared) and the page of data comes from
 * the query the server prefetched, refetched through the BFF when the state changes.
 */
export function PayslipsList({
  scope,
  environmentLabel,
  companyCurrency,
  companyNotice = null,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  /** The company's billing currency (its desired_currency, read by the page); null when it could not be read. */
  companyCurrency: string | null;
  /** Why it could not be read when the connection lacks the scope (company:read), and how to get it. */
  companyNotice?: MissingScopeNotice | null;
  initialError?: ApiErrorPayload;
}) {
  const model = useList(payslipsList, (q) => payslipListQuery(scope, q), { initialError });
  const directory = useEmploymentDirectory(scope);
  const [downloadError, setDownloadError] = useState<ApiErrorPayload | null>(null);
  const sandboxHint = scope.environment === "sandbox" ? " In the sandbox, release one below." : "";

  return (
    <div className="space-y-4">
      {companyCurrency === null && companyNotice ? (
        <Alert
          tone="warning"
          title={`The company's currency is not shown: this connection lacks ${companyNotice.scope}`}
          actions={
            <ButtonLink size="sm" href={companyNotice.action.href}>
              {companyNotice.action.label}
            </ButtonLink>
          }
        >
          <p>{companyNotice.message}</p>
          <p>The CSV export still holds every payslip; its company currency column is empty and says why.</p>
        </Alert>
      ) : null}
      <ListShell
        scope={scope}
        model={model}
        items={model.data?.payslips ?? []}
        noun={["payslip", "payslips"]}
        operation="payslips.read"
        environmentLabel={environmentLabel}
        columns={PAYSLIP_COLUMNS}
        toolbar={
          <ExportButton
            endpoint="/api/bff/payslips/export"
            scope={scope}
            noun={["payslip", "payslips"]}
            columns={PAYSLIP_COLUMNS}
            operation="payslips.read"
          />
        }
        emptyText={`Payslips appear here once payroll releases them.${sandboxHint}`}
        noMatchText={`The dates select payslips whose pay period overlaps them.${sandboxHint}`}
        filters={
          <PayslipFilters
            state={model.state}
            scope={scope}
            filtered={model.filtered}
            onApply={(patch) => model.change(patch)}
            onClear={model.clearFilters}
          />
        }
        aside={
          downloadError ? (
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
          ) : null
        }
      >
        {(items, { busy, caption, table }) => (
          <PayslipsTable
            scope={scope}
            items={items}
            employments={directory.byId}
            companyCurrency={companyCurrency ?? undefined}
            busy={busy}
            caption={caption}
            table={table}
            onDownloadError={setDownloadError}
          />
        )}
      </ListShell>
      {directory.items.length === 0 && directory.query.isError ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The employments could not be loaded, so payslips show employment ids instead of names.
        </p>
      ) : null}
      {companyCurrency === null && !companyNotice ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The company could not be loaded, so the net in the company&apos;s currency shows without its currency code.
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
  filtered,
}: {
  state: PayslipListState;
  scope: QueryScope;
  onApply: (patch: Pick<PayslipListState, "employmentId" | "startDate" | "endDate">) => void;
  onClear: () => void;
  filtered: boolean;
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
          {filtered ? (
            <Button variant="ghost" onClick={onClear}>
              Clear
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
