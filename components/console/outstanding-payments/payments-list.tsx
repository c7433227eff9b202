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
import { pageRange, type SortInfo } from "@/lib/console/list";
import {
  PAYMENT_STATUS_DESCRIPTIONS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_TONES,
  PAYMENT_TYPE_DESCRIPTIONS,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPE_TONES,
  totalsByCurrency,
} from "@/lib/console/outstanding-payments/labels";
import { paymentsList, type PaymentListState, type PaymentSortBy } from "@/lib/console/outstanding-payments/list";
import { formatMinorAmount, formatPeriod } from "@/lib/console/payslips/format";
import { paymentListQuery } from "@/lib/queries/outstanding-payments";
import type { QueryScope } from "@/lib/queries/scope";
import { PAYMENT_COLUMNS } from "./payment-columns";

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
  const ids = { type: useId() };
  const model = useList(paymentsList, (q) => paymentListQuery(scope, q), { initialError });
  const { state, change, data } = model;
  const items = useMemo(() => data?.outstanding_payments_and_refunds ?? [], [data]);
  const totals = useMemo(() => totalsByCurrency(items), [items]);

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
    ? `${range ? `Showing ${range.from}–${range.to} of ${plural(range.total, ...NOUN)}.` : `${plural(data.total_count, ...NOUN)}.`} ${sortSentence(state, data.sort)}`
    : "";

  return (
    <div className="space-y-4">
      <ListShell
        scope={scope}
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
            columns={paymentColumns}
            getRowId={(p) => p.id}
            busy={busy}
            {...model.table}
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

const SORT_LABELS = Object.fromEntries(PAYMENT_COLUMNS.map((c) => [c.sort, c.label])) as Record<PaymentSortBy, string>;

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

/** The table's columns: every one sortable (DataTable gives it a SortHeader and its aria-sort from `meta.sortKey`). */
const paymentColumns: ListColumn<OutstandingPayment>[] = PAYMENT_COLUMNS.map((c) => {
  const { className, cell } = CELLS[c.key]!;
  return {
    id: c.key,
    header: c.label,
    meta: { className, headerClassName: c.align === "right" ? "text-right" : undefined, sortKey: c.sort, align: c.align },
    cell: ({ row }) => cell(row.original),
  };
});

/** "Sorted by due date, ascending." (nothing when the list is too long to sort: ListShell says so). */
function sortSentence(state: PaymentListState, info: SortInfo | undefined): string {
  if (info?.state === "too_many") return "";
  return `Sorted by ${SORT_LABELS[state.sort as PaymentSortBy].toLowerCase()}, ${state.order === "asc" ? "ascending" : "descending"}.`;
}
