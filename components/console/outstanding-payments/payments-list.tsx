"use client";

import { ListStatusLine } from "@/components/console/list-status-line";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useId, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ErrorBanner } from "@/components/console/error-banner";
import { ListFooter, rangeText } from "@/components/console/payslips/list-footer";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { OutstandingPayment } from "@/lib/contract";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate } from "@/lib/console/employments/format";
import { formatMinorAmount, formatPeriod } from "@/lib/console/payslips/format";
import {
  PAYMENT_STATUS_DESCRIPTIONS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_TONES,
  PAYMENT_TYPE_DESCRIPTIONS,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPE_TONES,
  totalsByCurrency,
} from "@/lib/console/outstanding-payments/labels";
import {
  parsePaymentState,
  paymentStateHref,
  toggleSort,
  toPaymentApiQuery,
  updatePaymentState,
  type PaymentListState,
  type PaymentSortBy,
  type PaymentTypeFilter,
} from "@/lib/console/outstanding-payments/url-state";
import { paymentListQuery } from "@/lib/queries/outstanding-payments";
import type { QueryScope } from "@/lib/queries/scope";

const currentUrlState = () => parsePaymentState(new URLSearchParams(window.location.search));
const SORT_LABELS: Record<PaymentSortBy, string> = { due_date: "Due date", invoice_period: "Invoice period" };

/**
 * Outstanding payments and refunds, sorted by the API (due date or invoice period, either way) and
 * filtered by type; sort, filter and page live in the URL.
 */
export function PaymentsList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const searchParams = useSearchParams();
  const ids = { sort: useId(), order: useId(), type: useId() };
  const state = useMemo(() => parsePaymentState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toPaymentApiQuery(state), [state]);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...paymentListQuery(scope, apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });

  const navigate = useCallback((next: PaymentListState) => {
    setServerError(null);
    window.history.pushState(null, "", paymentStateHref(next));
  }, []);
  const change = useCallback((patch: Partial<PaymentListState>) => navigate(updatePaymentState(currentUrlState(), patch)), [navigate]);

  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  const totals = useMemo(() => totalsByCurrency(data?.outstanding_payments_and_refunds ?? []), [data]);

  // The API has no such list (the provider's: spec 4.2's path is Roster's own, see lib/console/outstanding-payments/api.ts).
  if (data === null) {
    return (
      <Alert tone="info" title="Outstanding payments are not available on this API">
        <p>
          This API has no list of outstanding payments and refunds. Its billing documents (invoices) are on the provider&apos;s dashboard.
        </p>
      </Alert>
    );
  }

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1.5">
            <label htmlFor={ids.sort} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Sort by
            </label>
            <Select
              id={ids.sort}
              className="w-48"
              value={state.sortBy}
              onChange={(e) => change({ sortBy: e.target.value as PaymentSortBy })}
            >
              <option value="due_date">Due date</option>
              <option value="invoice_period">Invoice period</option>
            </Select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.order} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Order
            </label>
            <Select
              id={ids.order}
              className="w-44"
              value={state.sortOrder}
              onChange={(e) => change({ sortOrder: e.target.value as PaymentListState["sortOrder"] })}
            >
              <option value="asc">Earliest first</option>
              <option value="desc">Latest first</option>
            </Select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.type} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Type
            </label>
            <Select
              id={ids.type}
              className="w-56"
              value={state.type}
              onChange={(e) => change({ type: e.target.value as PaymentTypeFilter })}
            >
              <option value="">Payments and refunds</option>
              <option value="payment">Payments (the company owes)</option>
              <option value="refund">Refunds (owed to the company)</option>
            </Select>
          </div>
        </div>
      </Card>

      <ListStatusLine busy={busy} loadingText="Loading outstanding payments…">
        {data
          ? `${rangeText(state.page, state.pageSize, data.outstanding_payments_and_refunds.length, data.total_count, ["outstanding item", "outstanding items"])} Sorted by ${SORT_LABELS[state.sortBy].toLowerCase()}, ${state.sortOrder === "asc" ? "earliest" : "latest"} first.`
          : ""}
      </ListStatusLine>

      {error ? (
        <ErrorBanner
          error={error}
          operation="outstanding-payments.read"
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
            <EmptyState title="The outstanding payments could not be loaded">The error above says why.</EmptyState>
          ) : (
            <PaymentsTableSkeleton />
          )
        ) : data.outstanding_payments_and_refunds.length > 0 ? (
          <PaymentsTable
            items={data.outstanding_payments_and_refunds}
            state={state}
            busy={busy}
            caption={`Outstanding payments and refunds, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}
            onSort={(column) => navigate(toggleSort(currentUrlState(), column))}
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
        ) : state.type ? (
          <EmptyState
            title={`No outstanding ${state.type === "payment" ? "payments" : "refunds"}`}
            actions={
              <Button variant="secondary" onClick={() => change({ type: "" })}>
                Show payments and refunds
              </Button>
            }
          />
        ) : (
          <EmptyState title="Nothing outstanding">
            Every invoice and refund of the company is settled in {environmentLabel}. Settled items are not listed.
          </EmptyState>
        )}
      </Card>

      {totals.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          On this page:{" "}
          {totals.map((t, i) => (
            <span key={t.currency}>
              {i > 0 ? "; " : ""}
              {formatMinorAmount(t.owed, t.currency)} owed by the company, {formatMinorAmount(t.refunds, t.currency)} of refunds due to it
            </span>
          ))}
          .
        </p>
      ) : null}

      {data ? (
        <ListFooter
          page={state.page}
          pageSize={state.pageSize}
          totalPages={data.total_pages}
          hrefFor={(page) => paymentStateHref({ ...state, page })}
          onPage={(page) => change({ page })}
          onPageSize={(pageSize) => change({ pageSize })}
        />
      ) : null}
    </div>
  );
}

const COLUMNS: { key: string; label: string; sort?: PaymentSortBy; align?: "right" }[] = [
  { key: "invoice", label: "Invoice" },
  { key: "period", label: "Invoice period", sort: "invoice_period" },
  { key: "type", label: "Type" },
  { key: "description", label: "Description" },
  { key: "amount", label: "Amount", align: "right" },
  { key: "issued", label: "Issued" },
  { key: "due", label: "Due date", sort: "due_date" },
  { key: "status", label: "Status" },
];

function PaymentsTable({
  items,
  state,
  busy,
  caption,
  onSort,
}: {
  items: OutstandingPayment[];
  state: PaymentListState;
  busy?: boolean;
  caption: string;
  onSort: (column: PaymentSortBy) => void;
}) {
  return (
    <TableContainer label="Outstanding payments and refunds">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {COLUMNS.map((c) => {
              const active = c.sort === state.sortBy;
              return (
                <Th
                  key={c.key}
                  aria-sort={c.sort ? (active ? (state.sortOrder === "asc" ? "ascending" : "descending") : "none") : undefined}
                  className={c.align === "right" ? "text-right" : undefined}
                >
                  {c.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.sort!)}
                      className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 dark:hover:text-white"
                    >
                      {c.label}
                      <span aria-hidden="true" className={active ? "text-brand-700 dark:text-brand-50" : "text-slate-400"}>
                        {active ? (state.sortOrder === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                      <span className="sr-only">
                        {active ? `, sorted ${state.sortOrder === "asc" ? "ascending" : "descending"}: reverse` : ": sort"}
                      </span>
                    </button>
                  ) : (
                    c.label
                  )}
                </Th>
              );
            })}
          </Tr>
        </THead>
        <TBody>
          {items.map((p) => (
            <Tr key={p.id}>
              <Td className="whitespace-nowrap font-medium text-slate-900 dark:text-white">
                <span className="font-mono text-[0.8rem]">{p.invoice_number}</span>
              </Td>
              <Td className="whitespace-nowrap">
                <time dateTime={p.invoice_period}>{formatPeriod(p.invoice_period)}</time>
              </Td>
              <Td>
                <Badge tone={PAYMENT_TYPE_TONES[p.type]} title={PAYMENT_TYPE_DESCRIPTIONS[p.type]}>
                  {PAYMENT_TYPE_LABELS[p.type]}
                </Badge>
              </Td>
              <Td className="min-w-56">{p.description}</Td>
              <Td className="whitespace-nowrap text-right tabular-nums font-medium text-slate-900 dark:text-white">
                {p.type === "refund" ? <span className="sr-only">Refund of </span> : null}
                {formatMinorAmount(p.amount, p.currency)}
              </Td>
              <Td className="whitespace-nowrap tabular-nums">
                <time dateTime={p.issued_at}>{formatDate(p.issued_at)}</time>
              </Td>
              <Td className="whitespace-nowrap tabular-nums">
                <time dateTime={p.due_date}>{formatDate(p.due_date)}</time>
              </Td>
              <Td>
                <Badge tone={PAYMENT_STATUS_TONES[p.status]} dot title={PAYMENT_STATUS_DESCRIPTIONS[p.status]}>
                  {PAYMENT_STATUS_LABELS[p.status]}
                </Badge>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableContainer>
  );
}

export function PaymentsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return <TableSkeleton columns={COLUMNS.map((c) => c.label)} rows={rows} label="Loading outstanding payments…" cellClassName="h-4 w-20" />;
}
