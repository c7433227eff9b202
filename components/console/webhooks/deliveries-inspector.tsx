"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { EVENT_GROUPS } from "@/lib/console/webhooks/events";
import { plural } from "@/lib/console/webhooks/format";
import { WEBHOOKS_PATH } from "@/lib/console/webhooks/links";
import {
  PAGE_SIZE_OPTIONS,
  deliveriesHref,
  deliveriesQueryToSearch,
  hasDeliveryFilters,
  pageRange,
  pageWindow,
  parseDeliveriesState,
  toDeliveriesApiQuery,
  updateDeliveriesState,
  type DeliveredFilter,
  type DeliveriesState,
} from "@/lib/console/webhooks/url-state";
import { WEBHOOK_EVENT_ID_HEADER, type WebhookEventType } from "@/lib/contract";
import type { QueryScope } from "@/lib/queries/scope";
import { allWebhookCallbacksQuery, replayWebhookEvents, webhookEventsQuery, webhookKeys, type ReplayResult } from "@/lib/queries/webhooks";
import { DeliveriesTable, DeliveriesTableSkeleton } from "./deliveries-table";
import { DeliveryDetail } from "./delivery-detail";
import { ErrorBanner } from "@/components/console/error-banner";

const currentUrlState = () => parseDeliveriesState(new URLSearchParams(window.location.search));

/** How often a page holding pending deliveries is refreshed (the dispatcher retries on its own). */
const PENDING_REFRESH_MS = 5000;

/**
 * The delivery log, interactive. Its state is the URL (lib/console/webhooks/url-state): filters,
 * page and the open delivery are written with history.pushState, so Back works and links can be
 * shared. Replay sends the selected deliveries again and shows the API's answer.
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
  const searchParams = useSearchParams();
  const ids = { type: useId(), delivered: useId(), size: useId() };
  const state = useMemo(() => parseDeliveriesState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toDeliveriesApiQuery(state), [state]);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({
    ...webhookEventsQuery(scope, apiQuery),
    placeholderData: keepPreviousData,
    enabled: serverError === null,
    refetchInterval: (q) => (q.state.data?.webhook_events.some((e) => e.status === "pending") ? PENDING_REFRESH_MS : false),
  });
  const callbacksQuery = useQuery({ ...allWebhookCallbacksQuery(scope), enabled: scope.companyId !== "partner" });
  const callbacks = useMemo(() => (callbacksQuery.data ? new Map(callbacksQuery.data.map((c) => [c.id, c])) : null), [callbacksQuery.data]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [replayed, setReplayed] = useState<(ReplayResult & { ids: string[] }) | null>(null);
  const replay = useMutation({
    mutationFn: (ids: string[]) => replayWebhookEvents(scope, ids),
    onSuccess: async (result, ids) => {
      setReplayed({ ...result, ids });
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: webhookKeys.events(scope) });
    },
  });

  const navigate = useCallback((next: DeliveriesState) => {
    setServerError(null);
    window.history.pushState(null, "", deliveriesHref(next));
  }, []);
  const change = useCallback(
    (patch: Partial<DeliveriesState>) => {
      const current = currentUrlState();
      const next = updateDeliveriesState(current, patch);
      // Selections are per page: another page or filter starts with none.
      if (deliveriesQueryToSearch(toDeliveriesApiQuery(next)) !== deliveriesQueryToSearch(toDeliveriesApiQuery(current)))
        setSelected(new Set());
      navigate(next);
    },
    [navigate],
  );

  const closeDetail = () => {
    const id = state.delivery;
    change({ delivery: "" });
    // Back to the row's Details button, so keyboard users keep their place.
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-delivery-id="${CSS.escape(id)}"]`)?.focus());
  };

  const startReplay = (ids: string[]) => {
    setReplayed(null);
    replay.reset();
    replay.mutate(ids);
  };

  const data = query.data;
  const items = useMemo(() => data?.webhook_events ?? [], [data]);
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  const selectedOnPage = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const hasPending = items.some((e) => e.status === "pending");

  return (
    <div className="space-y-4">
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
            <Select id={ids.delivered} value={state.delivered} onChange={(e) => change({ delivered: e.target.value as DeliveredFilter })}>
              <option value="">Delivered or not</option>
              <option value="true">Delivered</option>
              <option value="false">Not delivered (pending, failed, cancelled)</option>
            </Select>
          </div>
          {hasDeliveryFilters(state) ? (
            <Button variant="ghost" onClick={() => change({ eventType: "", delivered: "" })}>
              Clear filters
            </Button>
          ) : null}
        </div>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" aria-atomic="true" className="text-sm text-slate-700 dark:text-slate-300">
          {busy ? "Loading deliveries…" : summary(state, data)}
          {hasPending && !busy ? (
            <span className="text-slate-600 dark:text-slate-400"> Pending deliveries refresh every 5 seconds.</span>
          ) : null}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {busy || (query.isFetching && !query.isPending) ? (
            <span className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Spinner /> Updating…
            </span>
          ) : null}
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching || serverError !== null}>
            Refresh
          </Button>
          <Button
            onClick={() => startReplay(selectedOnPage)}
            disabled={selectedOnPage.length === 0 || replay.isPending}
            aria-busy={replay.isPending || undefined}
          >
            {replay.isPending ? (
              <>
                <Spinner /> Replaying…
              </>
            ) : (
              `Replay selected (${selectedOnPage.length})`
            )}
          </Button>
        </div>
      </div>

      <div aria-live="polite" className="space-y-3 empty:hidden">
        {replay.isError ? <ErrorBanner error={toErrorPayload(replay.error)} operation="webhooks.write" role="alert" /> : null}
        {replayed ? <ReplayOutcome result={replayed} onDismiss={() => setReplayed(null)} /> : null}
      </div>

      {error ? (
        <ErrorBanner
          error={error}
          operation="webhooks.read"
          role={serverError ? undefined : "alert"}
          actions={
            <Button variant="secondary" size="sm" onClick={() => (serverError ? setServerError(null) : void query.refetch())}>
              Try again
            </Button>
          }
        />
      ) : null}

      {data?.source === "provider" ? (
        <Alert tone="info" title="Delivery state not available on this API">
          <p>
            This API lists deliveries without their attempts, payload and callback (the provider&apos;s delivery log): the status shows
            whether each was delivered.
          </p>
        </Alert>
      ) : null}
      <div className={cn("grid grid-cols-1 items-start gap-4", state.delivery && "2xl:grid-cols-[minmax(0,1fr)_34rem]")}>
        <div className="min-w-0 space-y-4">
          <Card className="overflow-hidden">
            {!data ? (
              error ? (
                <EmptyState title="The delivery log could not be loaded">The error above says why.</EmptyState>
              ) : (
                <DeliveriesTableSkeleton rows={Math.min(state.pageSize, 10)} />
              )
            ) : items.length > 0 ? (
              <DeliveriesTable
                items={items}
                busy={busy}
                caption={`Deliveries, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}
                selected={selected}
                onSelect={(id, checked) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (checked) next.add(id);
                    else next.delete(id);
                    return next;
                  })
                }
                onSelectPage={(checked) => setSelected(checked ? new Set(items.map((i) => i.id)) : new Set())}
                openId={state.delivery}
                onOpen={(id) => change({ delivery: id === state.delivery ? "" : id })}
                callbacks={callbacks}
              />
            ) : (
              <DeliveriesEmpty
                state={state}
                total={data.total_count}
                totalPages={data.total_pages}
                environmentLabel={environmentLabel}
                onChange={change}
              />
            )}
          </Card>

          {data ? (
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div className="flex items-center gap-2">
                <label htmlFor={ids.size} className="whitespace-nowrap text-sm text-slate-700 dark:text-slate-300">
                  Rows per page
                </label>
                <Select
                  id={ids.size}
                  className="w-24"
                  value={String(state.pageSize)}
                  onChange={(e) => change({ pageSize: Number(e.target.value) })}
                >
                  {[...new Set([...PAGE_SIZE_OPTIONS, state.pageSize])]
                    .sort((a, b) => a - b)
                    .map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                </Select>
              </div>
              {data.total_pages > 1 ? (
                <Pagination
                  page={state.page}
                  totalPages={data.total_pages}
                  pages={pageWindow(Math.min(state.page, data.total_pages), data.total_pages)}
                  hrefFor={(page) => deliveriesHref({ ...state, page })}
                  onNavigate={(page) => change({ page })}
                />
              ) : null}
            </div>
          ) : null}
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
    </div>
  );
}

function summary(state: DeliveriesState, data: { total_count: number; webhook_events: unknown[] } | undefined): string {
  if (!data) return "";
  const filtered = hasDeliveryFilters(state) ? " matching these filters" : "";
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

function DeliveriesEmpty({
  state,
  total,
  totalPages,
  environmentLabel,
  onChange,
}: {
  state: DeliveriesState;
  total: number;
  totalPages: number;
  environmentLabel: string;
  onChange: (patch: Partial<DeliveriesState>) => void;
}) {
  if (total > 0 && state.page > totalPages) {
    return (
      <EmptyState
        title={`Page ${state.page} is past the end`}
        actions={
          <Button variant="secondary" onClick={() => onChange({ page: 1 })}>
            First page
          </Button>
        }
      >
        There {totalPages === 1 ? "is 1 page" : `are ${totalPages} pages`} of deliveries.
      </EmptyState>
    );
  }
  if (hasDeliveryFilters(state)) {
    return (
      <EmptyState
        title="No deliveries match these filters"
        actions={
          <Button variant="secondary" onClick={() => onChange({ eventType: "", delivered: "" })}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState title={`No deliveries in ${environmentLabel} yet`}>
      Each event sent to one of your callbacks is logged here, with its attempts.{" "}
      <Link href={WEBHOOKS_PATH} className="font-medium underline underline-offset-2 hover:no-underline">
        Register a callback
      </Link>
      {environmentLabel === "Sandbox" ? " or send a test event from the Webhooks page." : "."}
    </EmptyState>
  );
}
