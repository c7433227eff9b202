"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { BulkResult, type BulkRunResult } from "@/components/console/list/bulk-actions";
import { QueryProvider } from "@/components/console/query-provider";
import { ExportButton } from "@/components/console/list/export-button";
import { ListShell } from "@/components/console/list/list-shell";
import { useList } from "@/components/console/list/use-list";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/field";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { pageRange } from "@/lib/console/list";
import { plural } from "@/lib/console/format";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import { employmentsList, searchPageItems, type EmploymentListState } from "@/lib/console/employments/list";
import { employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { EMPLOYMENT_CELL_COLUMN_IDS, EMPLOYMENT_COLUMN_LABELS } from "./employment-cells";
import { BulkEmploymentsTable } from "./bulk-employments-table";
import { EmploymentsTableSkeleton } from "./employments-table-skeleton";
import { EmploymentSearchBox } from "./employment-search-box";
import { StatusFilter } from "./status-filter";

/** The columns on screen (the export's column ids; the hidden ones, `?hide=`, are left out by the export). */
const EXPORT_COLUMNS = ["name", ...EMPLOYMENT_CELL_COLUMN_IDS];

const hasApiFilters = (s: EmploymentListState) => employmentsList.hasFilters(s);

/**
 * The live list with TanStack Query's provider and the server's state (the route's layouts have no
 * provider: /employments ships without the library unless this chunk is loaded).
 */
export function HydratedEmploymentsList({
  dehydratedState,
  ...props
}: {
  scope: QueryScope;
  environmentLabel: string;
  dehydratedState: DehydratedState;
  initialError?: ApiErrorPayload;
}) {
  return (
    <QueryProvider>
      <HydrationBoundary state={dehydratedState}>
        <EmploymentsList {...props} />
      </HydrationBoundary>
    </QueryProvider>
  );
}

/**
 * The employments list, interactive. Its state is the URL (`employmentsList`, on the console's list
 * framework): filters, the page the server prefetched (same key), refetched through the BFF when
 * the state changes. The search box filters the loaded page only (the API has no free-text search).
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
  const emailId = useId();
  const model = useList(employmentsList, (q) => employmentListQuery(scope, q), { initialError });
  const { state, change } = model;
  const [bulkResult, setBulkResult] = useState<BulkRunResult | null>(null);

  // Text boxes hold what is typed; the URL holds what applies. Back/forward resets them from the URL.
  const [qInput, setQInput] = useState(state.q);
  const [emailInput, setEmailInput] = useState(state.email);
  useEffect(() => {
    const onPop = () => {
      const s = employmentsList.parse(new URLSearchParams(window.location.search));
      setQInput(s.q);
      setEmailInput(s.email);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  // The page search is written to the URL shortly after typing stops (replace: no history entry per key).
  useEffect(() => {
    const handle = setTimeout(() => {
      if (state.q !== qInput.trim()) change({ q: qInput }, { history: "replace" });
    }, 300);
    return () => clearTimeout(handle);
  }, [qInput, state.q, change]);

  const data = model.data;
  const items = useMemo(() => data?.employments ?? [], [data]);
  const visible = useMemo(() => searchPageItems(items, qInput), [items, qInput]);
  const searching = qInput.trim() !== "";

  const clearAll = () => {
    setQInput("");
    setEmailInput("");
    model.clearFilters();
  };

  return (
    <ListShell
      model={{ ...model, clearFilters: clearAll }}
      items={visible}
      noun={["employment", "employments"]}
      environmentLabel={environmentLabel}
      columns={[]}
      scope={scope}
      columnLabels={EMPLOYMENT_COLUMN_LABELS}
      skeleton={<EmploymentsTableSkeleton rows={Math.min(state.pageSize, 10)} />}
      toolbar={
        <ExportButton endpoint="/api/bff/employments/export" scope={scope} noun={["employment", "employments"]} columns={EXPORT_COLUMNS} />
      }
      emptyText={null}
      summary={summary({ state, data, shown: visible.length, searching, q: qInput.trim() })}
      aside={
        <div aria-live="polite" className="empty:hidden">
          {bulkResult ? <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} /> : null}
        </div>
      }
      empty={
        data ? (
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
        ) : undefined
      }
      filters={
        <Card className="p-4">
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
            <EmploymentSearchBox
              name="Search this page"
              label="Search this page"
              value={qInput}
              onChange={setQInput}
              placeholder="Name, job title, department, email…"
              hint={<>Searches only the {plural(items.length, "row")} loaded on this page: the API has no free-text search.</>}
            />
            <form
              role="search"
              aria-label="Filter by personal email"
              className="space-y-1.5"
              onSubmit={(e) => {
                e.preventDefault();
                change({ email: emailInput.trim() });
              }}
            >
              <label htmlFor={emailId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                Personal email
              </label>
              <div className="flex gap-2">
                <Input
                  id={emailId}
                  type="email"
                  value={emailInput}
                  onChange={(e) => setEmailInput(e.target.value)}
                  placeholder="name@example.com"
                  aria-describedby={`${emailId}-hint`}
                  autoComplete="off"
                />
                <Button type="submit" variant="secondary">
                  Find
                </Button>
              </div>
              <p id={`${emailId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
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
      }
    >
      {(rows, { busy, caption, table }) => (
        <BulkEmploymentsTable scope={scope} onResult={setBulkResult} items={rows} busy={busy} caption={caption} hidden={table.hidden} />
      )}
    </ListShell>
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
