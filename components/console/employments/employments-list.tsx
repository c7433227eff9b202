"use client";

import { ListStatusLine } from "@/components/console/list-status-line";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { ErrorBanner } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { plural } from "@/lib/console/employments/format";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import {
  hasApiFilters,
  listStateHref,
  parseListState,
  searchPageItems,
  updateListState,
  toApiQuery,
  type EmploymentListState,
} from "@/lib/console/employments/url-state";
import { PAGE_SIZE_OPTIONS, pageRange, pageWindow } from "@/lib/console/list";
import { employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { EmploymentsTable, EmploymentsTableSkeleton } from "./employments-table";
import { StatusFilter } from "./status-filter";

const currentUrlState = () => parseListState(new URLSearchParams(window.location.search));

/**
 * The employments list, interactive. Its state is the URL (lib/console/employments/url-state):
 * changes are written with history.pushState (Back works, links can be shared), and the page of data
 * comes from the same query the server prefetched, refetched through the BFF when the state changes.
 */
export function EmploymentsList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const searchParams = useSearchParams();
  const ids = { q: useId(), email: useId(), size: useId() };
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toApiQuery(state), [state]);
  // The server's error for the first render is shown as is, without asking the API a second time.
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...employmentListQuery(scope, apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });

  // Text boxes hold what is typed; the URL holds what applies. Back/forward resets them from the URL.
  const [qInput, setQInput] = useState(state.q);
  const [emailInput, setEmailInput] = useState(state.email);
  useEffect(() => {
    const onPop = () => {
      const s = currentUrlState();
      setQInput(s.q);
      setEmailInput(s.email);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = useCallback((next: EmploymentListState, mode: "push" | "replace" = "push") => {
    setServerError(null);
    const href = listStateHref(next);
    if (mode === "push") window.history.pushState(null, "", href);
    else window.history.replaceState(null, "", href);
  }, []);

  const change = useCallback((patch: Partial<EmploymentListState>) => navigate(updateListState(currentUrlState(), patch)), [navigate]);

  // The page search is written to the URL shortly after typing stops (replace: no history entry per key).
  useEffect(() => {
    const handle = setTimeout(() => {
      const s = currentUrlState();
      if (s.q !== qInput.trim()) navigate({ ...s, q: qInput }, "replace");
    }, 300);
    return () => clearTimeout(handle);
  }, [qInput, navigate]);

  const data = query.data;
  const items = useMemo(() => data?.employments ?? [], [data]);
  const visible = useMemo(() => searchPageItems(items, qInput), [items, qInput]);
  const searching = qInput.trim() !== "";
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);

  const clearAll = () => {
    setQInput("");
    setEmailInput("");
    navigate({ ...state, statuses: [], email: "", q: "", page: 1 });
  };

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
          <form role="search" aria-label="Search this page" onSubmit={(e) => e.preventDefault()} className="space-y-1.5">
            <label htmlFor={ids.q} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Search this page
            </label>
            <Input
              id={ids.q}
              type="search"
              value={qInput}
              onChange={(e) => setQInput(e.target.value)}
              placeholder="Name, job title, department, email…"
              aria-describedby={`${ids.q}-hint`}
              maxLength={200}
            />
            <p id={`${ids.q}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              Searches only the {plural(items.length, "row")} loaded on this page: the API has no free-text search.
            </p>
          </form>
          <form
            role="search"
            aria-label="Filter by personal email"
            className="space-y-1.5"
            onSubmit={(e) => {
              e.preventDefault();
              change({ email: emailInput.trim() });
            }}
          >
            <label htmlFor={ids.email} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Personal email
            </label>
            <div className="flex gap-2">
              <Input
                id={ids.email}
                type="email"
                value={emailInput}
                onChange={(e) => setEmailInput(e.target.value)}
                placeholder="name@example.com"
                aria-describedby={`${ids.email}-hint`}
                autoComplete="off"
              />
              <Button type="submit" variant="secondary">
                Find
              </Button>
            </div>
            <p id={`${ids.email}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              Exact match across all pages (the API&apos;s email filter).
            </p>
          </form>
          <div className="md:pb-6">
            <StatusFilter selected={state.statuses} onChange={(statuses) => change({ statuses })} />
          </div>
        </div>
        <ActiveFilters
          state={state}
          onRemoveStatus={(s) => change({ statuses: state.statuses.filter((x) => x !== s) })}
          onRemoveEmail={() => {
            setEmailInput("");
            change({ email: "" });
          }}
          onClearAll={clearAll}
          searching={searching}
        />
      </Card>

      <ListStatusLine busy={busy} loadingText="Loading employments…">
        {summary({ state, data, shown: visible.length, searching, q: qInput.trim() })}
      </ListStatusLine>

      {error ? (
        <ErrorBanner
          error={error}
          role={serverError ? undefined : "alert"}
          actions={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                if (serverError) setServerError(null);
                else void query.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      ) : null}

      <Card className="overflow-hidden">
        {!data ? (
          error ? (
            <EmptyState title="The employments could not be loaded">The error above says why.</EmptyState>
          ) : (
            <EmploymentsTableSkeleton rows={Math.min(state.pageSize, 10)} />
          )
        ) : visible.length > 0 ? (
          <EmploymentsTable
            items={visible}
            busy={busy}
            caption={`Employments, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}
          />
        ) : (
          <ListEmpty
            environmentLabel={environmentLabel}
            state={state}
            total={data.total_count}
            totalPages={data.total_pages}
            pageHasRows={items.length > 0}
            q={qInput.trim()}
            onClearSearch={() => setQInput("")}
            onClearFilters={clearAll}
            onGoToPage={(page) => change({ page })}
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
              hrefFor={(page) => listStateHref({ ...state, q: qInput, page })}
              onNavigate={(page) => change({ page })}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function summary({
  state,
  data,
  shown,
  searching,
  q,
}: {
  state: EmploymentListState;
  data: { total_count: number; employments: unknown[] } | undefined;
  shown: number;
  searching: boolean;
  q: string;
}): string {
  if (!data) return "";
  if (searching) return `${shown} of the ${plural(data.employments.length, "employment")} on this page match “${q}”.`;
  const range = pageRange(state.page, state.pageSize, data.employments.length, data.total_count);
  if (!range) return plural(data.total_count, "employment") + (hasApiFilters(state) ? " match these filters." : ".");
  return `Showing ${range.from.toLocaleString("en-US")}–${range.to.toLocaleString("en-US")} of ${plural(range.total, "employment")}${hasApiFilters(state) ? " matching these filters" : ""}.`;
}

function ActiveFilters({
  state,
  searching,
  onRemoveStatus,
  onRemoveEmail,
  onClearAll,
}: {
  state: EmploymentListState;
  searching: boolean;
  onRemoveStatus: (s: EmploymentListState["statuses"][number]) => void;
  onRemoveEmail: () => void;
  onClearAll: () => void;
}) {
  if (!hasApiFilters(state) && !searching) return null;
  const chip =
    "inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200";
  const remove = "rounded-full px-1.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700";
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
      <span className="text-xs font-medium text-slate-600 dark:text-slate-400">Filters:</span>
      <ul className="flex flex-wrap gap-2">
        {state.statuses.map((s) => (
          <li key={s} className={chip}>
            Status: {STATUS_LABELS[s]}
            <button
              type="button"
              className={remove}
              onClick={() => onRemoveStatus(s)}
              aria-label={`Remove status filter ${STATUS_LABELS[s]}`}
            >
              ×
            </button>
          </li>
        ))}
        {state.email ? (
          <li className={chip}>
            Personal email: {state.email}
            <button type="button" className={remove} onClick={onRemoveEmail} aria-label={`Remove email filter ${state.email}`}>
              ×
            </button>
          </li>
        ) : null}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClearAll}>
        Clear all
      </Button>
    </div>
  );
}

function ListEmpty({
  environmentLabel,
  state,
  total,
  totalPages,
  pageHasRows,
  q,
  onClearSearch,
  onClearFilters,
  onGoToPage,
}: {
  environmentLabel: string;
  state: EmploymentListState;
  total: number;
  totalPages: number;
  pageHasRows: boolean;
  q: string;
  onClearSearch: () => void;
  onClearFilters: () => void;
  onGoToPage: (page: number) => void;
}) {
  if (pageHasRows && q) {
    return (
      <EmptyState
        title={`Nothing on this page matches “${q}”`}
        actions={
          <Button variant="secondary" onClick={onClearSearch}>
            Clear the search
          </Button>
        }
      >
        The search looks only at this page. To find one person across every page, use the personal email filter.
      </EmptyState>
    );
  }
  if (total > 0 && state.page > totalPages) {
    return (
      <EmptyState
        title={`Page ${state.page} is past the end`}
        actions={
          <>
            <Button variant="secondary" onClick={() => onGoToPage(1)}>
              First page
            </Button>
            {totalPages > 1 ? (
              <Button variant="secondary" onClick={() => onGoToPage(totalPages)}>
                Last page ({totalPages})
              </Button>
            ) : null}
          </>
        }
      >
        There {totalPages === 1 ? "is 1 page" : `are ${totalPages} pages`} of employments.
      </EmptyState>
    );
  }
  if (hasApiFilters(state)) {
    return (
      <EmptyState
        title="No employments match these filters"
        actions={
          <Button variant="secondary" onClick={onClearFilters}>
            Clear all filters
          </Button>
        }
      >
        {state.email ? "The email filter matches the personal email exactly. " : null}
        Try other statuses or clear the filters.
      </EmptyState>
    );
  }
  return (
    <EmptyState title={`No employments in ${environmentLabel} yet`}>
      Employments the company creates through the API appear here. Each environment has its own data.
    </EmptyState>
  );
}
