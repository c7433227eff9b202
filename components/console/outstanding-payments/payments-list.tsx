"use client";

import { useId, useMemo, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { ExportButton, DataTable, ListShell, useList, type ListColumn } from "@/components/console/list";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { OutstandingPayment } from "@/lib/contract";
import { formatDate, plural } from "@/lib/console/format";
import { pageRange } from "@/lib/console/list";
import {
  PAYMENT_STATUS_DESCRIPTIONS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_TONES,
  PAYMENT_TYPE_DESCRIPTIONS,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPE_TONES,
  totalsByCurrency,
} from "@/lib/console/outstanding-payments/labels";
import { paymentsList, toggleSort, type PaymentListState, type PaymentSortBy } from "@/lib/console/outstanding-payments/list";
import { formatMinorAmount, formatPeriod } from "@/lib/console/payslips/format";
import { paymentListQuery } from "@/lib/queries/outstanding-payments";
import type { QueryScope } from "@/lib/queries/scope";

const SORT_LABELS: Record<PaymentSortBy, string> = { due_date: "Due date", invoice_period: "Invoice period" };
/** The status line counts items; the table and the shell's states name them. */
const NOUN: [string, string] = ["outstanding item", "outstanding items"];
const SHELL_NOUN: [string, string] = ["outstanding payment or refund", "outstanding payments and refunds"];

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
  const ids = { sort: useId(), order: useId(), type: useId() };
  const model = useList(paymentsList, (q) => paymentListQuery(scope, q), { initialError });
  const { state, change, data } = model;
  const items = useMemo(() => data?.outstanding_payments_and_refunds ?? [], [data]);
  const totals = useMemo(() => totalsByCurrency(items), [items]);
  const columns = useMemo(() => paymentColumns(state, (column) => change(toggleSort(state, column))), [state, change]);

  // The API has no such list (the provider's: spec 4.2's path is Roster's own, see lib/console/server/outstanding-payments/api.ts).
  if (data && !data.available) {
    return (
      <Alert tone="info" title="Outstanding payments are not available on this API">
        <p>
          This API has no list of outstanding payments and refunds. Its billing documents (invoices) are on the provider&apos;s dashboard.
        </p>
      </Alert>
    );
  }

  const range = data ? pageRange(state.page, state.pageSize, items.length, data.total_count) : null;
  const summary = data
    ? `${range ? `Showing ${range.from}–${range.to} of ${plural(range.total, ...NOUN)}.` : `${plural(data.total_count, ...NOUN)}.`} Sorted by ${SORT_LABELS[state.sortBy].toLowerCase()}, ${state.sortOrder === "asc" ? "earliest" : "latest"} first.`
    : "";

  return (
    <div className="space-y-4">
      <ListShell
        model={model}
        items={items}
        noun={SHELL_NOUN}
        operation="outstanding-payments.read"
        environmentLabel={environmentLabel}
        columns={PAYMENT_COLUMNS.map((c) => c.label)}
        toolbar={
          <ExportButton
            endpoint="/api/bff/outstanding-payments/export"
            scope={scope}
            noun={SHELL_NOUN}
            columns={PAYMENT_COLUMNS.map((c) => c.key)}
            operation="outstanding-payments.read"
          />
        }
        emptyText=""
        summary={summary}
        // Nothing of the type asked for, or nothing at all (a past-the-end page keeps the shell's state).
        empty={
          data && data.total_count === 0 ? (
            state.type ? (
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
            )
          ) : undefined
        }
        filters={
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
                  onChange={(e) => change({ type: e.target.value as PaymentListState["type"] })}
                >
                  <option value="">Payments and refunds</option>
                  <option value="payment">Payments (the company owes)</option>
                  <option value="refund">Refunds (owed to the company)</option>
                </Select>
              </div>
            </div>
          </Card>
        }
      >
        {(rows, { busy, caption }) => (
          <DataTable
            label="Outstanding payments and refunds"
            caption={caption}
            rows={rows}
            columns={columns}
            getRowId={(p) => p.id}
            busy={busy}
          />
        )}
      </ListShell>

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
    </div>
  );
}

const PAYMENT_COLUMNS: { key: string; label: string; sort?: PaymentSortBy; align?: "right" }[] = [
  { key: "invoice", label: "Invoice" },
  { key: "period", label: "Invoice period", sort: "invoice_period" },
  { key: "type", label: "Type" },
  { key: "description", label: "Description" },
  { key: "amount", label: "Amount", align: "right" },
  { key: "issued", label: "Issued" },
  { key: "due", label: "Due date", sort: "due_date" },
  { key: "status", label: "Status" },
];

const CELLS: Record<string, { className?: string; cell: (p: OutstandingPayment) => ReactNode }> = {
  invoice: {
    className: "whitespace-nowrap font-medium text-slate-900 dark:text-white",
    cell: (p) => <span className="font-mono text-[0.8rem]">{p.invoice_number}</span>,
  },
  period: { className: "whitespace-nowrap", cell: (p) => <time dateTime={p.invoice_period}>{formatPeriod(p.invoice_period)}</time> },
  type: {
    cell: (p) => (
      <Badge tone={PAYMENT_TYPE_TONES[p.type]} title={PAYMENT_TYPE_DESCRIPTIONS[p.type]}>
        {PAYMENT_TYPE_LABELS[p.type]}
      </Badge>
    ),
  },
  description: { className: "min-w-56", cell: (p) => p.description },
  amount: {
    className: "whitespace-nowrap text-right tabular-nums font-medium text-slate-900 dark:text-white",
    cell: (p) => (
      <>
        {p.type === "refund" ? <span className="sr-only">Refund of </span> : null}
        {formatMinorAmount(p.amount, p.currency)}
      </>
    ),
  },
  issued: { className: "whitespace-nowrap tabular-nums", cell: (p) => <time dateTime={p.issued_at}>{formatDate(p.issued_at)}</time> },
  due: { className: "whitespace-nowrap tabular-nums", cell: (p) => <time dateTime={p.due_date}>{formatDate(p.due_date)}</time> },
  status: {
    cell: (p) => (
      <Badge tone={PAYMENT_STATUS_TONES[p.status]} dot title={PAYMENT_STATUS_DESCRIPTIONS[p.status]}>
        {PAYMENT_STATUS_LABELS[p.status]}
      </Badge>
    ),
  },
};

/** The table's columns: the sortable ones have a header button (the API sorts) and their aria-sort. */
function paymentColumns(state: PaymentListState, onSort: (column: PaymentSortBy) => void): ListColumn<OutstandingPayment>[] {
  return PAYMENT_COLUMNS.map((c) => {
    const active = c.sort === state.sortBy;
    const { className, cell } = CELLS[c.key]!;
    return {
      id: c.key,
      header: c.sort
        ? () => (
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
          )
        : c.label,
      meta: {
        className,
        headerClassName: c.align === "right" ? "text-right" : undefined,
        ariaSort: c.sort ? (active ? (state.sortOrder === "asc" ? "ascending" : "descending") : "none") : undefined,
      },
      cell: ({ row }) => cell(row.original),
    };
  });
}

/** The column headers (the route's loading skeleton). */
export const PAYMENT_COLUMN_LABELS = PAYMENT_COLUMNS.map((c) => c.label);
