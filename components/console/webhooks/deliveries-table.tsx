"use client";

import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
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
  items: WebhookDeliveryRow[];
  caption: string;
  busy?: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string, checked: boolean) => void;
  onSelectPage: (checked: boolean) => void;
  /** The delivery open in the detail panel. */
  openId: string;
  onOpen: (id: string) => void;
  /** Callbacks by id, or null when they could not be listed. */
  callbacks: Map<string, WebhookCallback> | null;
}

/**
 * The delivery log. Each row has a checkbox (for replay) and a "Details" button that opens its
 * payload and attempts; both are reached with Tab and used with Space / Enter.
 */
export function DeliveriesTable({
  items,
  caption,
  busy,
  selected,
  onSelect,
  onSelectPage,
  openId,
  onOpen,
  callbacks,
}: DeliveriesTableProps) {
  const all = useRef<HTMLInputElement>(null);
  const count = items.filter((i) => selected.has(i.id)).length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < items.length;
  }, [count, items.length]);

  return (
    <TableContainer label="Deliveries" className="relative">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            <Th className="w-10">
              <input
                ref={all}
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label="Select every delivery on this page"
                checked={items.length > 0 && count === items.length}
                onChange={(e) => onSelectPage(e.target.checked)}
              />
            </Th>
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
            <Th>
              <span className="sr-only">Details</span>
            </Th>
          </Tr>
        </THead>
        <TBody>
          {items.map((e) => {
            const callback = e.webhook_callback_id ? callbacks?.get(e.webhook_callback_id) : undefined;
            const open = e.id === openId;
            const subject = subjectOf(e.payload);
            return (
              <Tr
                key={e.id}
                aria-current={open || undefined}
                className={cn(open ? "bg-brand-50/60 dark:bg-slate-800/70" : "hover:bg-slate-50 dark:hover:bg-slate-800/40")}
              >
                <Td>
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    aria-label={`Select ${e.event_type} of ${formatTimestamp(e.first_triggered_at)}`}
                    checked={selected.has(e.id)}
                    onChange={(ev) => onSelect(e.id, ev.target.checked)}
                  />
                </Td>
                <Td className="min-w-60">
                  <EventTypeName type={e.event_type} />
                  {subject ? (
                    <div className="max-w-72 truncate font-mono text-xs text-slate-600 dark:text-slate-400" title={subject}>
                      {subject}
                    </div>
                  ) : null}
                </Td>
                <Td>
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
                </Td>
                <Td className="tabular-nums">{e.attempts ?? <span title="Not available on this API">—</span>}</Td>
                <Td className="whitespace-nowrap tabular-nums">
                  <time dateTime={e.first_triggered_at}>{formatTimestamp(e.first_triggered_at)}</time>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  <time dateTime={e.last_triggered_at}>{formatTimestamp(e.last_triggered_at)}</time>
                </Td>
                <Td className="max-w-64">
                  {callback ? (
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
                  )}
                </Td>
                <Td className="text-right">
                  <button
                    type="button"
                    onClick={() => onOpen(e.id)}
                    aria-expanded={open}
                    aria-controls={open ? "delivery-detail" : undefined}
                    aria-label={`Details of ${e.event_type} of ${formatTimestamp(e.first_triggered_at)}`}
                    data-delivery-id={e.id}
                    className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
                  >
                    Details
                  </button>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableContainer>
  );
}

export function DeliveriesTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading deliveries…
      </p>
      <Table aria-hidden="true">
        <THead>
          <Tr>
            <Th className="w-10" />
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <Tr key={i}>
              <Td>
                <Skeleton className="size-4" />
              </Td>
              <Td>
                <Skeleton className="h-4 w-52" />
              </Td>
              {COLUMNS.slice(1).map((c) => (
                <Td key={c}>
                  <Skeleton className="h-4 w-20" />
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
