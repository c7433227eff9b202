"use client";

import { useMemo, useState, type MouseEvent } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { DataTable, type ListColumn, type TableView } from "@/components/console/list";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { BFF_HEADER } from "@/lib/console/bff-client";
import type { EmploymentListItem, Payslip } from "@/lib/contract";
import { formatAmount, formatDate } from "@/lib/console/format";
import { filenameFromDisposition, formatPeriod } from "@/lib/console/payslips/format";
import { payslipDownloadPath } from "@/lib/console/payslips/links";
import { withScope, type QueryScope } from "@/lib/queries/scope";
import { EmploymentLink } from "./employment-directory";
import { useEmploymentCurrencies } from "./use-employment-currencies";

// The provider's Payslip has no period, currencies or gross: the issue month names the payslip, and
// the amounts read in major units of the employment's and the company's currency (decision
// contract-payroll-webhooks.md). The net pay shows the employment's currency, read from its
// country's contract form (useEmploymentCurrencies); the converted net is in the company's billing
// currency, its `desired_currency` (GET /v1/companies/{id}, read by the page).

const amount = (minor: number | undefined, currency = "") => (minor === undefined ? "—" : formatAmount(minor / 100, currency).trim());

export function PayslipsTable({
  scope,
  items,
  employments,
  companyCurrency,
  busy,
  caption,
  table,
  onDownloadError,
}: {
  scope: QueryScope;
  items: readonly Payslip[];
  employments: ReadonlyMap<string, EmploymentListItem>;
  /** The company's billing currency (ISO 4217), once known: the converted net is in it. */
  companyCurrency?: string;
  busy?: boolean;
  caption: string;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
  onDownloadError: (error: ApiErrorPayload | null) => void;
}) {
  const employmentIds = useMemo(() => items.map((p) => p.employment_id), [items]);
  const currencies = useEmploymentCurrencies(scope, employmentIds, employments);
  const columns = useMemo<ListColumn<Payslip>[]>(
    () => [
      {
        id: "issued",
        header: "Issued",
        meta: { sortKey: "issued", className: "whitespace-nowrap font-medium text-slate-900 dark:text-white" },
        cell: ({ row: { original: p } }) => <time dateTime={p.issued_at}>{formatDate(p.issued_at)}</time>,
      },
      {
        id: "employee",
        header: "Employment",
        meta: { sortKey: "employee", className: "min-w-44" },
        cell: ({ row: { original: p } }) => {
          const employment = employments.get(p.employment_id);
          return (
            <>
              <EmploymentLink id={p.employment_id} employment={employment} />
              {employment?.job_title ? <div className="text-xs text-slate-600 dark:text-slate-400">{employment.job_title}</div> : null}
            </>
          );
        },
      },
      {
        id: "expected_payout",
        header: "Expected payout",
        meta: { sortKey: "expected_payout", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: p } }) =>
          p.expected_payout_date ? <time dateTime={p.expected_payout_date}>{formatDate(p.expected_payout_date)}</time> : "—",
      },
      {
        id: "net_pay",
        header: "Net pay",
        meta: {
          sortKey: "net_pay",
          align: "right",
          className: "whitespace-nowrap tabular-nums text-right font-medium text-slate-900 dark:text-white",
          headerClassName: "text-right",
        },
        cell: ({ row: { original: p } }) => amount(p.net_pay_source_amount, currencies.get(p.employment_id)),
      },
      {
        id: "net_converted",
        header: "Net, company currency",
        meta: {
          sortKey: "net_converted",
          align: "right",
          className: "whitespace-nowrap tabular-nums text-right",
          headerClassName: "text-right",
        },
        cell: ({ row: { original: p } }) => amount(p.net_pay_converted_amount, companyCurrency),
      },
      {
        id: "pdf",
        header: "PDF",
        cell: ({ row: { original: p } }) => {
          const employment = employments.get(p.employment_id);
          return (
            <DownloadPayslipLink
              href={withScope(payslipDownloadPath(p.id), scope)}
              label={`Download the payslip of ${formatPeriod(p.issued_at)}${employment ? ` for ${employment.full_name}` : ""} (PDF)`}
              fallbackName={`payslip-${p.issued_at.slice(0, 7)}.pdf`}
              onError={onDownloadError}
            />
          );
        },
      },
    ],
    [scope, employments, currencies, companyCurrency, onDownloadError],
  );
  return <DataTable {...table} label="Payslips" caption={caption} rows={items} columns={columns} getRowId={(p) => p.id} busy={busy} />;
}

/**
 * A link to the BFF's download route. A plain click fetches the PDF (so an API error is shown on the
 * page, with its request id) and saves it under the API's file name; a modified click (new tab,
 * save link as…) is left to the browser.
 */
export function DownloadPayslipLink({
  href,
  label,
  fallbackName,
  onError,
}: {
  href: string;
  label: string;
  fallbackName: string;
  onError: (e: ApiErrorPayload | null) => void;
}) {
  const [pending, setPending] = useState(false);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (pending) return;
    setPending(true);
    onError(null);
    try {
      const res = await fetch(href, { headers: { [BFF_HEADER]: "1" }, credentials: "same-origin" });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: ApiErrorPayload } | null;
        throw new ApiRequestError(
          body?.error ?? {
            kind: "server",
            status: res.status,
            message: `The download failed (HTTP ${res.status})`,
            requestId: res.headers.get("x-request-id"),
          },
        );
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = filenameFromDisposition(res.headers.get("content-disposition"), fallbackName);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      onError(
        error instanceof ApiRequestError
          ? error.payload
          : { kind: "network", status: 0, message: (error as Error).message, requestId: null },
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <a
      href={href}
      download
      onClick={(e) => void onClick(e)}
      aria-label={label}
      aria-busy={pending || undefined}
      className={buttonClasses({ variant: "secondary", size: "sm" })}
    >
      {pending ? <Spinner /> : <DownloadIcon />}
      {pending ? "Downloading…" : "Download"}
    </a>
  );
}

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="none" className="size-4">
      <path d="M8 2.5v8m0 0-3-3m3 3 3-3M3 12.5h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
