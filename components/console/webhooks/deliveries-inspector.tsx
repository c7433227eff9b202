"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RowSelectionState } from "@/components/console/list";
import Link from "next/link";
import { useCallback, useId, useMemo, useState } from "react";
import { ErrorBanner } from "@/components/console/error-banner";
import { ExportButton, BulkActions, ListShell, useList, type BulkAction } from "@/components/console/list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { pageRange } from "@/lib/console/list";
import { EVENT_GROUPS } from "@/lib/console/webhooks/events";
import type { WebhookDeliveryRow } from "@/lib/console/webhooks/read";
import { plural } from "@/lib/console/webhooks/format";
import { WEBHOOKS_PATH } from "@/lib/console/webhooks/links";
import { deliveriesList, type DeliveredFilter, type DeliveriesState } from "@/lib/console/webhooks/list";
import { WEBHOOK_EVENT_ID_HEADER } from "@/lib/contract/enums";
import type { WebhookEventType } from "@/lib/contract";
import type { QueryScope } from "@/lib/queries/scope";
import {
  allWebhookCallbacksQuery,
  replayWebhookEvents,
  webhookEventsQuery,
  webhookKeys,
  type ReplayResult,
  type WebhookEventPage,
} from "@/lib/queries/webhooks";
import { DeliveriesTableSkeleton } from "./deliveries-skeleton";
import { DeliveriesTable, rowName } from "./deliveries-table";
import { DeliveryDetail } from "./delivery-detail";

const deliveryId = (row: WebhookDeliveryRow) => row.id;

/** How often a page holding pending deliveries is refreshed (the dispatcher retries on its own). */
const PENDING_REFRESH_MS = 5000;

/** The table's columns (the export writes these, by id). */
const DELIVERY_EXPORT_COLUMNS = ["Event", "Status", "Attempts", "First triggered", "Last triggered", "Callback"];

/**
 * The delivery log, interactive, on the console's list framework: its state is the URL
 * (`deliveriesList`, written to the URL: Back works and links can be shared), the page the server
 * prefetched (same key), refetched through the BFF when the state changes. The open delivery is in
 * the URL too, but not in the API query. Replay of the selected deliveries is a bulk action
 * (components/console/list/bulk-actions.tsx: confirmation, one request per row, per-row results); the
 * open delivery's Replay sends that one and shows the API's answer.
 */
export function DeliveriesInspector({
  scope,
  initialError,
  environmentLabel,
}: {
  scope: QueryScope;
  initialError?: ApiErrorPayload;
  environmentLabel: string;
}) {
  const queryClient = useQueryClient();
  const ids = { type: useId(), delivered: useId() };
  const model = useList(
    deliveriesList,
    (q) => ({
      ...webhookEventsQuery(scope, q),
      refetchInterval: (query: { state: { data?: WebhookEventPage } }) =>
        query.state.data?.webhook_events.some((e) => e.status === "pending") ? PENDING_REFRESH_MS : false,
    }),
    { initialError },
  );
  const { state, change, query } = model;
  const callbacksQuery = useQuery({ ...allWebhookCallbacksQuery(scope), enabled: scope.companyId !== "partner" });
  const callbacks = useMemo(() => (callbacksQuery.data ? new Map(callbacksQuery.data.map((c) => [c.id, c])) : null), [callbacksQuery.data]);

  // Selections are per page: another page or filter (another API query) starts with none.
  const pageKey = deliveriesList.apiSearch(model.apiQuery);
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: pageKey, rows: {} });
  const selected = useMemo(() => (selection.key === pageKey ? selection.rows : {}), [selection, pageKey]);
  const onSelectionChange = useCallback((rows: RowSelectionState) => setSelection({ key: pageKey, rows }), [pageKey]);

  const [replayed, setReplayed] = useState<(ReplayResult & { ids: string[] }) | null>(null);
  const replay = useMutation({
    mutationFn: (ids: string[]) => replayWebhookEvents(scope, ids),
    onSuccess: async (result, ids) => {
      setReplayed({ ...result, ids });
      setSelection({ key: pageKey, rows: {} });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.events(scope) });
    },
  });

  // Replay of the selected rows: one request per delivery (the same BFF route as the detail's
  // Replay), through the list framework's bulk actions, so each row gets its own result.
  const bulkActions = useMemo<BulkAction<WebhookDeliveryRow>[]>(
    () => [
      {
        id: "replay",
        label: "Replay",
        title: "Replay deliveries",
        describe: (n) =>
          `${plural(n, "delivery", "deliveries")} will be sent again from the start of the retry schedule, with the same ${WEBHOOK_EVENT_ID_HEADER} so receivers can de-duplicate.`,
        confirmLabel: (n) => `Replay ${plural(n, "delivery", "deliveries")}`,
        pendingLabel: "Replaying…",
        variant: "primary",
        run: (row) => replayWebhookEvents(scope, [row.id]),
      },
    ],
    [scope],
  );

  const closeDetail = () => {
    const id = state.delivery;
    change({ delivery: "" });
    // Back to the row's Details button, so keyboard users keep their place.
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-delivery-id="${CSS.escape(id)}"]`)?.focus());
  };
  const onOpen = useCallback((id: string) => change({ delivery: id === state.delivery ? "" : id }), [change, state.delivery]);

  const startReplay = (ids: string[]) => {
    setReplayed(null);
    replay.reset();
    replay.mutate(ids);
  };

  const data = model.data;
  const items = useMemo(() => data?.webhook_events ?? [], [data]);
  const busy = model.busy;
  const hasPending = items.some((e) => e.status === "pending");
  // "Clear filters" keeps the open delivery and the page size (neither is a filter of the log).
  const clearFilters = () => change({ eventType: "", delivered: "" });

  return (
    <div className={cn("grid grid-cols-1 items-start gap-4", state.delivery && "2xl:grid-cols-[minmax(0,1fr)_34rem]")}>
      <div className="min-w-0">
        <ListShell
          scope={scope}
          model={{ ...model, clearFilters }}
          items={items}
          noun={["delivery", "deliveries"]}
          operation="webhooks.read"
          environmentLabel={environmentLabel}
          columns={[]}
          toolbar={
            <ExportButton
              endpoint="/api/bff/webhooks/deliveries/export"
              scope={scope}
              noun={["delivery", "deliveries"]}
              columns={DELIVERY_EXPORT_COLUMNS}
              operation="webhooks.read"
            />
          }
          skeleton={<DeliveriesTableSkeleton rows={Math.min(state.pageSize, 10)} />}
          noMatchText="Try another event type or delivery state, or clear the filters."
          emptyText={
            <>
              Each event sent to one of your callbacks is logged here, with its attempts.{" "}
              <Link href={WEBHOOKS_PATH} className="font-medium underline underline-offset-2 hover:no-underline">
                Register a callback
              </Link>
              {environmentLabel === "Sandbox" ? " or send a test event from the Webhooks page." : "."}
            </>
          }
          summary={
            <>
              {summary(state, data)}
              {hasPending ? <span className="text-slate-600 dark:text-slate-400"> Pending deliveries refresh every 5 seconds.</span> : null}
            </>
          }
          filters={
            <Card className="p-4">
              <div className="flex flex-wrap items-end gap-3">
                <div className="min-w-64 flex-1 space-y-1.5 sm:max-w-sm">
                  <label htmlFor={ids.type} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                    Event type
                  </label>
                  <Select
                    id={ids.type}
                    className="font-mono"
                    value={state.eventType}
                    onChange={(e) => change({ eventType: e.target.value as WebhookEventType | "" })}
                  >
                    <option value="">All event types</option>
                    {EVENT_GROUPS.map((g) => (
                      <optgroup key={g.area} label={g.label}>
                        {g.events.map((t) => (
                          <option key={t} value={t}>
                            {t}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </Select>
                </div>
                <div className="min-w-56 space-y-1.5">
                  <label htmlFor={ids.delivered} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                    Delivery
                  </label>
                  <Select
                    id={ids.delivered}
                    value={state.delivered}
                    onChange={(e) => change({ delivered: e.target.value as DeliveredFilter })}
                  >
                    <option value="">Delivered or not</option>
                    <option value="true">Delivered</option>
                    <option value="false">Not delivered (pending, failed, cancelled)</option>
                  </Select>
                </div>
                {model.filtered ? (
                  <Button variant="ghost" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : null}
              </div>
            </Card>
          }
          aside={
            <>
              <div className="flex flex-wrap items-center justify-end gap-2">
                {!busy && query.isFetching && !query.isPending ? (
                  <span className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                    <Spinner /> Updating…
                  </span>
                ) : null}
                <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching || model.errorFromServer}>
                  Refresh
                </Button>
              </div>
              <BulkActions
                rows={items}
                getRowId={deliveryId}
                rowName={rowName}
                selected={selected}
                onClear={() => setSelection({ key: pageKey, rows: {} })}
                actions={bulkActions}
                operation="webhooks.write"
                invalidate={webhookKeys.events(scope)}
              />
              <div aria-live="polite" className="space-y-3 empty:hidden">
                {replay.isError ? <ErrorBanner error={toErrorPayload(replay.error)} operation="webhooks.write" role="alert" /> : null}
                {replayed ? <ReplayOutcome result={replayed} onDismiss={() => setReplayed(null)} /> : null}
              </div>
              {data?.source === "provider" ? (
                <Alert tone="info" title="Delivery state not available on this API">
                  <p>
                    This API lists deliveries without their attempts, payload and callback (the provider&apos;s delivery log): the status
                    shows whether each was delivered.
                  </p>
                </Alert>
              ) : null}
            </>
          }
        >
          {(rows, { busy: refetching, caption, table }) => (
            <DeliveriesTable
              items={rows}
              busy={refetching}
              caption={caption}
              selected={selected}
              onSelectionChange={onSelectionChange}
              openId={state.delivery}
              onOpen={onOpen}
              callbacks={callbacks}
              table={table}
            />
          )}
        </ListShell>
      </div>

      {state.delivery ? (
        <div id="delivery-detail" className="min-w-0 2xl:sticky 2xl:top-20">
          <DeliveryDetail
            scope={scope}
            id={state.delivery}
            callbacks={callbacks}
            onClose={closeDetail}
            onReplay={(id) => startReplay([id])}
            replaying={replay.isPending}
          />
        </div>
      ) : null}
    </div>
  );
}

function summary(state: DeliveriesState, data: { total_count: number; webhook_events: unknown[] } | undefined): string {
  if (!data) return "";
  const filtered = deliveriesList.hasFilters(state) ? " matching these filters" : "";
  const range = pageRange(state.page, state.pageSize, data.webhook_events.length, data.total_count);
  if (!range) return `${plural(data.total_count, "delivery", "deliveries")}${filtered}.`;
  return `Showing ${range.from.toLocaleString("en-US")}–${range.to.toLocaleString("en-US")} of ${plural(range.total, "delivery", "deliveries")}${filtered}.`;
}

/** The API's answer to a replay (the provider's SuccessResponse) and the deliveries it was asked to queue again. */
function ReplayOutcome({ result, onDismiss }: { result: ReplayResult & { ids: string[] }; onDismiss: () => void }) {
  return (
    <Alert
      tone="success"
      title={`${plural(result.ids.length, "delivery", "deliveries")} queued again`}
      role="status"
      actions={
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      <p>
        The API answered “{result.status}”: each is sent again now, from the start of the retry schedule, with the same{" "}
        {WEBHOOK_EVENT_ID_HEADER} so receivers can de-duplicate.
      </p>
      <p>The list below shows their new state.</p>
      <ul className="space-y-1">
        {result.ids.map((id) => (
          <li key={id}>
            <code className="font-mono text-xs opacity-80">{id}</code>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
