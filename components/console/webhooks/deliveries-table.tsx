"use client";

import type { RowSelectionState } from "@/components/console/list";
import { useMemo } from "react";
import { DataTable, type ListColumn, type RowSelection, type TableView } from "@/components/console/list";
import { cn } from "@/components/ui/cn";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { formatTimestamp } from "@/lib/console/webhooks/format";
import type { WebhookCallback } from "@/lib/contract";
import type { WebhookDeliveryRow } from "@/lib/console/webhooks/read";
import { DeliveryStatusBadge, EventTypeName } from "./badges";

const COLUMNS = ["Event", "Status", "Attempts", "First triggered", "Last triggered", "Callback"] as const;

/** The ids a payload names besides its type and company (what the event is about). */
function subjectOf(payload: Record<string, unknown> | null): string | null {
  if (!payload) return null;
  const entry = Object.entries(payload).find(([k, v]) => k !== "event_type" && k !== "company_id" && typeof v === "string");
  return entry ? `${entry[0]}: ${String(entry[1])}` : null;
}

export interface DeliveriesTableProps {
  /** Rows of the log; from the provider's GET /v1/webhook-events, attempts, payload and callback are null. */
  items: readonly WebhookDeliveryRow[];
  caption: string;
  busy?: boolean;
  /** Selected delivery ids (for replay) → true. */
  selected: RowSelectionState;
  onSelectionChange: (selected: RowSelectionState) => void;
  /** The delivery open in the detail panel. */
  openId: string;
  onOpen: (id: string) => void;
  /** Callbacks by id, or null when they could not be listed. */
  callbacks: Map<string, WebhookCallback> | null;
  /** The list's sort and hidden columns (ListShell's `table`). */
  table?: TableView;
}

export const rowName = (e: WebhookDeliveryRow) => `${e.event_type} of ${formatTimestamp(e.first_triggered_at)}`;

/**
 * The delivery log (a DataTable of the list framework). Each row has a checkbox (for replay) and a
 * "Details" button that opens its payload and attempts; both are reached with Tab and used with
 * Space / Enter.
 */
export function DeliveriesTable({
  items,
  caption,
  busy,
  selected,
  onSelectionChange,
  openId,
  onOpen,
  callbacks,
  table,
}: DeliveriesTableProps) {
  const columns = useMemo<ListColumn<WebhookDeliveryRow>[]>(
    () => [
      {
        id: "event",
        header: "Event",
        meta: { sortKey: "event", className: "min-w-60" },
        cell: ({ row: { original: e } }) => {
          const subject = subjectOf(e.payload);
          return (
            <>
              <EventTypeName type={e.event_type} />
              {subject ? (
                <div className="max-w-72 truncate font-mono text-xs text-slate-600 dark:text-slate-400" title={subject}>
                  {subject}
                </div>
              ) : null}
            </>
          );
        },
      },
      {
        id: "status",
        header: "Status",
        meta: { sortKey: "status" },
        cell: ({ row: { original: e } }) => (
          <>
            <DeliveryStatusBadge status={e.status} />
            {e.status === "pending" && e.next_attempt_at ? (
              <div className="mt-1 whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
                next <time dateTime={e.next_attempt_at}>{formatTimestamp(e.next_attempt_at).replace(/^.*, /, "")}</time>
              </div>
            ) : null}
            {e.status !== "delivered" && (e.last_status_code !== null || e.last_error) ? (
              <div className="mt-1 max-w-52 truncate text-xs text-red-800 dark:text-red-300" title={e.last_error ?? undefined}>
                {e.last_status_code !== null ? `HTTP ${e.last_status_code}` : e.last_error}
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: "attempts",
        header: "Attempts",
        meta: { sortKey: "attempts", className: "tabular-nums" },
        cell: ({ row: { original: e } }) => e.attempts ?? <span title="Not available on this API">—</span>,
      },
      {
        id: "first_triggered",
        header: "First triggered",
        meta: { sortKey: "first_triggered", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: e } }) => <time dateTime={e.first_triggered_at}>{formatTimestamp(e.first_triggered_at)}</time>,
      },
      {
        id: "last_triggered",
        header: "Last triggered",
        meta: { sortKey: "last_triggered", className: "whitespace-nowrap tabular-nums" },
        cell: ({ row: { original: e } }) => <time dateTime={e.last_triggered_at}>{formatTimestamp(e.last_triggered_at)}</time>,
      },
      {
        id: "callback",
        header: "Callback",
        meta: { className: "max-w-64" },
        cell: ({ row: { original: e } }) => {
          const callback = e.webhook_callback_id ? callbacks?.get(e.webhook_callback_id) : undefined;
          return callback ? (
            <span className="block truncate font-mono text-xs" title={callback.url}>
              {callback.url}
            </span>
          ) : e.webhook_callback_id === null ? (
            <span className="text-xs text-slate-600 dark:text-slate-400" title="Not available on this API">
              —
            </span>
          ) : (
            <span className="text-xs text-slate-600 dark:text-slate-400" title={e.webhook_callback_id}>
              {callbacks ? "Deleted callback" : `Callback ${e.webhook_callback_id.slice(0, 8)}…`}
            </span>
          );
        },
      },
      {
        id: "details",
        header: () => <span className="sr-only">Details</span>,
        meta: { className: "text-right" },
        cell: ({ row: { original: e } }) => {
          const open = e.id === openId;
          return (
            <button
              type="button"
              onClick={() => onOpen(e.id)}
              aria-expanded={open}
              aria-controls={open ? "delivery-detail" : undefined}
              aria-label={`Details of ${rowName(e)}`}
              data-delivery-id={e.id}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
            >
              Details
            </button>
          );
        },
      },
    ],
    [callbacks, openId, onOpen],
  );
  const selection = useMemo<RowSelection<WebhookDeliveryRow>>(
    () => ({
      selected,
      onChange: onSelectionChange,
      rowLabel: (e) => `Select ${rowName(e)}`,
      allLabel: "Select every delivery on this page",
    }),
    [selected, onSelectionChange],
  );

  return (
    <DataTable
      {...table}
      label="Deliveries"
      caption={caption}
      rows={items}
      columns={columns}
      getRowId={(e) => e.id}
      busy={busy}
      selection={selection}
      className="relative"
      rowProps={(e) => ({
        "aria-current": e.id === openId || undefined,
        className: cn(e.id === openId ? "bg-brand-50/60 dark:bg-slate-800/70" : "hover:bg-slate-50 dark:hover:bg-slate-800/40"),
      })}
    />
  );
}

const SKELETON_LEAD = [
  { headerClassName: "w-10", bars: ["size-4"] },
  { header: COLUMNS[0], bars: ["h-4 w-52"] },
];

export function DeliveriesTableSkeleton({ rows = 8 }: { rows?: number }) {
  return <TableSkeleton label="Loading deliveries…" lead={SKELETON_LEAD} columns={COLUMNS.slice(1)} rows={rows} cellClassName="h-4 w-20" />;
}
