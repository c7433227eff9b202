"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { toErrorPayload } from "@/lib/console/errors/present";
import { EVENT_DESCRIPTIONS } from "@/lib/console/webhooks/events";
import { formatDuration, formatPayload, formatTimestamp } from "@/lib/console/webhooks/format";
import { WEBHOOK_EVENT_ID_HEADER } from "@/lib/contract/enums";
import type { WebhookCallback } from "@/lib/contract";
import type { QueryScope } from "@/lib/queries/scope";
import { webhookEventQuery } from "@/lib/queries/webhooks";
import { DeliveryStatusBadge, EventTypeName } from "./badges";
import { ErrorBanner } from "@/components/console/error-banner";

/**
 * One delivery of the log (GET /v1/webhook-events/{id}): its payload and every attempt. A pending
 * delivery is refreshed every few seconds, so a retry shows up without reloading.
 */
export function DeliveryDetail({
  scope,
  id,
  callbacks,
  onClose,
  onReplay,
  replaying,
}: {
  scope: QueryScope;
  id: string;
  callbacks: Map<string, WebhookCallback> | null;
  onClose: () => void;
  onReplay: (id: string) => void;
  replaying: boolean;
}) {
  const query = useQuery({
    ...webhookEventQuery(scope, id),
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 5000 : false),
  });
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening a delivery moves focus to its panel (and scrolls it into view on narrow screens).
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "nearest" });
  }, [id]);

  const d = query.data;
  const callback = d?.webhook_callback_id ? callbacks?.get(d.webhook_callback_id) : undefined;

  return (
    <Card
      aria-labelledby="delivery-detail-title"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
      className="overflow-hidden"
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="min-w-0">
          <h2
            id="delivery-detail-title"
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 outline-none dark:text-white"
          >
            Delivery details
          </h2>
          {d ? (
            <p className="mt-1 text-sm">
              <EventTypeName type={d.event_type} />
              {eventDescription(d.event_type) ? (
                <span className="block text-slate-600 dark:text-slate-400">{eventDescription(d.event_type)}</span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {d ? (
            <Button size="sm" variant="secondary" onClick={() => onReplay(d.id)} disabled={replaying}>
              {replaying ? "Replaying…" : "Replay"}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close the delivery details">
            ✕
          </Button>
        </div>
      </div>

      <div className="space-y-5 px-5 py-4">
        {query.isError && toErrorPayload(query.error).status === 404 ? (
          // Roster-only GET /v1/webhook-events/{id}: the provider has no such route (nor details of an unknown id).
          <Alert tone="info" title="Delivery details not available on this API">
            <p>
              The API has no details (payload, attempts) for this delivery: it lists deliveries only (the provider&apos;s delivery log), or
              the delivery is unknown.
            </p>
          </Alert>
        ) : query.isError ? (
          <ErrorBanner
            error={toErrorPayload(query.error)}
            operation="webhooks.read"
            role="alert"
            actions={
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : !d ? (
          <div className="space-y-3" aria-busy="true">
            <p role="status" className="sr-only">
              Loading the delivery…
            </p>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <Item label="Status">
                <DeliveryStatusBadge status={d.status} />
                {d.status === "pending" && d.next_attempt_at ? (
                  <span className="ml-2 text-slate-600 dark:text-slate-400">
                    next attempt <time dateTime={d.next_attempt_at}>{formatTimestamp(d.next_attempt_at)}</time>
                  </span>
                ) : null}
              </Item>
              <Item label="Attempts">{d.attempts ?? "—"}</Item>
              <Item label="First triggered">
                <time dateTime={d.first_triggered_at}>{formatTimestamp(d.first_triggered_at)}</time>
              </Item>
              <Item label="Last triggered">
                <time dateTime={d.last_triggered_at}>{formatTimestamp(d.last_triggered_at)}</time>
              </Item>
              {d.last_status_code !== null || d.last_error ? (
                <Item label="Last response">{responseText(d.last_status_code, d.last_error)}</Item>
              ) : null}
              <Item label="Callback">
                {callback ? (
                  <span className="break-all font-mono text-xs">{callback.url}</span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">{callbacks ? "Deleted callback" : "Callback"}</span>
                )}
                {d.webhook_callback_id ? (
                  <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{d.webhook_callback_id}</span>
                ) : null}
              </Item>
              <Item label="Delivery ID">
                <code className="select-all break-all font-mono text-xs">{d.id}</code>
              </Item>
              <Item label="Event ID">
                <code className="select-all break-all font-mono text-xs">{d.event_id ?? "—"}</code>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Sent as {WEBHOOK_EVENT_ID_HEADER}, the same on every attempt and replay (for de-duplication).
                </span>
              </Item>
            </dl>

            <section aria-labelledby="delivery-payload-title" className="space-y-2">
              <h3 id="delivery-payload-title" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
                Payload
              </h3>
              <pre
                tabIndex={0}
                aria-labelledby="delivery-payload-title"
                className="max-h-72 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              >
                {d.payload ? formatPayload(d.payload) : "Not available on this API."}
              </pre>
            </section>

            <section aria-labelledby="delivery-attempts-title" className="space-y-2">
              <h3 id="delivery-attempts-title" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
                Attempts
              </h3>
              {d.attempt_log.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  No attempt yet: the dispatcher picks the delivery up within seconds.
                </p>
              ) : (
                <TableContainer label="Attempts" className="relative rounded-md border border-slate-200 dark:border-slate-700">
                  <Table>
                    <THead>
                      <Tr>
                        <Th>#</Th>
                        <Th>Started</Th>
                        <Th>Duration</Th>
                        <Th>Response</Th>
                      </Tr>
                    </THead>
                    <TBody>
                      {d.attempt_log.map((a) => (
                        <Tr key={`${a.attempt_number}-${a.started_at}`}>
                          <Td className="tabular-nums">{a.attempt_number}</Td>
                          <Td className="whitespace-nowrap tabular-nums">
                            <time dateTime={a.started_at}>{formatTimestamp(a.started_at)}</time>
                          </Td>
                          <Td className="whitespace-nowrap tabular-nums">{formatDuration(a.duration_ms)}</Td>
                          <Td>
                            <span
                              className={
                                a.success
                                  ? "font-medium text-emerald-800 dark:text-emerald-300"
                                  : "font-medium text-red-800 dark:text-red-300"
                              }
                            >
                              {a.success ? "Delivered" : "Failed"}
                            </span>
                            {a.status_code !== null ? <span className="ml-1.5 tabular-nums">HTTP {a.status_code}</span> : null}
                            {a.error && a.error !== `HTTP ${a.status_code}` ? (
                              <span className="block break-words text-xs text-slate-600 dark:text-slate-400">{a.error}</span>
                            ) : null}
                          </Td>
                        </Tr>
                      ))}
                    </TBody>
                  </Table>
                </TableContainer>
              )}
            </section>
          </>
        )}
      </div>
    </Card>
  );
}

/** What emits an event type, for the types Roster emits (the provider has more: none then). */
function eventDescription(type: string): string | null {
  return Object.prototype.hasOwnProperty.call(EVENT_DESCRIPTIONS, type)
    ? EVENT_DESCRIPTIONS[type as keyof typeof EVENT_DESCRIPTIONS]
    : null;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-slate-900 dark:text-slate-100">{children}</dd>
    </>
  );
}

/** "HTTP 500", "connect ECONNREFUSED", or both when the error says more than the status. */
function responseText(statusCode: number | null, error: string | null): string {
  const status = statusCode !== null ? `HTTP ${statusCode}` : null;
  return [status, error && error !== status ? error : null].filter(Boolean).join(" · ");
}
