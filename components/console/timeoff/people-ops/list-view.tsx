"use client";

import { ListStatusLine } from "@/components/console/list-status-line";
import { keepPreviousData, useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { plural } from "@/lib/console/employments/format";
import type { EmploymentListItem } from "@/lib/contract";
import { unnamedEmployment, type PeopleOpsArea } from "@/lib/console/timeoff/people-ops/eligibility";
import {
  PAGE_SIZE_OPTIONS,
  pageRange,
  pageWindow,
  type EnumFilters,
  type ListApiQuery,
  type ListDefinition,
  type ListState,
} from "@/lib/console/timeoff/people-ops/list-state";
import { ErrorBanner } from "@/components/console/error-banner";
import { useListState } from "./use-list-state";

export interface EnumFilterSpec<E extends EnumFilters> {
  key: keyof E & string;
  label: string;
  /** Labels of the API's values, in the order they are offered. */
  options: { value: string; label: string }[];
}

interface PageShape {
  current_page: number;
  total_count: number;
  total_pages: number;
}

export interface ListViewProps<E extends EnumFilters, P extends PageShape, T, K extends readonly unknown[]> {
  area: PeopleOpsArea;
  list: ListDefinition<E>;
  query: (q: ListApiQuery<E>) => UseQueryOptions<P, Error, P, K>;
  itemsOf: (page: P) => T[];
  /** ["incentive", "incentives"]. */
  noun: [string, string];
  filters: EnumFilterSpec<E>[];
  /** The company's employments (for the employment filter); undefined while unknown. */
  employments: readonly EmploymentListItem[] | undefined;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
  /** What the list shows when nothing exists yet (no filter). */
  emptyText: ReactNode;
  renderTable: (items: T[], options: { busy: boolean; caption: string }) => ReactNode;
  /** Column headers, for the loading skeleton. */
  columns: readonly string[];
  /** Rendered between the filters and the table (e.g. the balance of the filtered employment). */
  aside?: (state: ListState<E>) => ReactNode;
}

/**
 * A people-ops list, interactive: the filters (employment and the API's enum filters), the page the
 * server prefetched (same key), pagination, and the loading, empty and error states. Its state is the
 * URL (lib/console/timeoff/people-ops/list-state).
 */
export function ListView<E extends EnumFilters, P extends PageShape, T, K extends readonly unknown[]>(props: ListViewProps<E, P, T, K>) {
  const {
    area,
    list,
    query: queryFor,
    itemsOf,
    noun,
    filters,
    employments,
    environmentLabel,
    initialError,
    emptyText,
    renderTable,
    columns,
    aside,
  } = props;
  // The server's error for the first render is shown as is, without asking the API a second time.
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const clearServerError = useCallback(() => setServerError(null), []);
  const { state, navigate, change } = useListState(list, clearServerError);
  const apiQuery = useMemo(() => list.toApiQuery(state), [list, state]);
  const query = useQuery({ ...queryFor(apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });
  const ids = { employment: useId(), size: useId(), filter: useId() };

  const data = query.data;
  const items = useMemo(() => (data ? itemsOf(data) : []), [data, itemsOf]);
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  const filtered = list.hasFilters(state);

  const employmentOptions = useMemo(() => {
    const options = [...(employments ?? [])]
      .sort((a, b) => a.full_name.localeCompare(b.full_name, "en"))
      .map((e) => ({ value: e.id, label: e.full_name }));
    if (state.employmentId && !options.some((o) => o.value === state.employmentId))
      options.unshift({ value: state.employmentId, label: unnamedEmployment(state.employmentId) });
    return options;
  }, [employments, state.employmentId]);
  const employmentLabel = (id: string) => employments?.find((e) => e.id === id)?.full_name ?? `${id.slice(0, 8)}…`;
  const clearAll = () => navigate(list.defaults);

  const summary = () => {
    if (!data) return "";
    const range = pageRange(state.page, state.pageSize, items.length, data.total_count);
    const suffix = filtered ? " matching these filters" : "";
    if (!range) return `${plural(data.total_count, noun[0], noun[1])}${suffix}.`;
    return `Showing ${range.from}–${range.to} of ${plural(range.total, noun[0], noun[1])}${suffix}.`;
  };

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <div role="group" aria-labelledby={ids.filter} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <h2 id={ids.filter} className="sr-only">
            Filters
          </h2>
          <div className="space-y-1.5">
            <label htmlFor={ids.employment} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              Employment
            </label>
            <Select
              id={ids.employment}
              value={state.employmentId}
              onChange={(e) => change({ employmentId: e.target.value } as Partial<ListState<E>>)}
            >
              <option value="">All employments</option>
              {employmentOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
          {filters.map((f) => (
            <div key={f.key} className="space-y-1.5">
              <label htmlFor={`${ids.filter}-${f.key}`} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                {f.label}
              </label>
              <Select
                id={`${ids.filter}-${f.key}`}
                value={state[f.key] as string}
                onChange={(e) => change({ [f.key]: e.target.value } as Partial<ListState<E>>)}
              >
                <option value="">All</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
          ))}
          {filtered ? (
            <div>
              <Button variant="ghost" onClick={clearAll}>
                Clear filters
              </Button>
            </div>
          ) : null}
        </div>
        {filtered ? (
          <p className="mt-3 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
            Filtered by{" "}
            {[
              state.employmentId ? `employment ${employmentLabel(state.employmentId)}` : null,
              ...filters.map((f) => {
                const v = state[f.key] as string;
                return v ? `${f.label.toLowerCase()} ${f.options.find((o) => o.value === v)?.label ?? v}` : null;
              }),
            ]
              .filter(Boolean)
              .join(", ")}
            .
          </p>
        ) : null}
      </Card>

      {aside?.(state)}

      <ListStatusLine busy={busy} loadingText={`Loading ${noun[1]}…`}>
        {summary()}
      </ListStatusLine>

      {error ? (
        <ErrorBanner
          operation={`${area}.read`}
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
            <EmptyState title={`The ${noun[1]} could not be loaded`}>The error above says why.</EmptyState>
          ) : (
            <ListSkeleton columns={columns} rows={Math.min(state.pageSize, 8)} label={`Loading ${noun[1]}…`} />
          )
        ) : items.length > 0 ? (
          renderTable(items, {
            busy,
            caption: `${noun[1][0]!.toUpperCase()}${noun[1].slice(1)}, page ${data.current_page} of ${Math.max(1, data.total_pages)}`,
          })
        ) : data.total_count > 0 && state.page > data.total_pages ? (
          <EmptyState
            title={`Page ${state.page} is past the end`}
            actions={
              <Button variant="secondary" onClick={() => change({ page: 1 } as Partial<ListState<E>>)}>
                First page
              </Button>
            }
          >
            There {data.total_pages === 1 ? "is 1 page" : `are ${data.total_pages} pages`} of {noun[1]}.
          </EmptyState>
        ) : filtered ? (
          <EmptyState
            title={`No ${noun[1]} match these filters`}
            actions={
              <Button variant="secondary" onClick={clearAll}>
                Clear filters
              </Button>
            }
          >
            Try another employment or status, or clear the filters.
          </EmptyState>
        ) : (
          <EmptyState title={`No ${noun[1]} in ${environmentLabel} yet`}>{emptyText}</EmptyState>
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
              onChange={(e) => change({ pageSize: Number(e.target.value) } as Partial<ListState<E>>)}
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
              hrefFor={(page) => list.href({ ...state, page })}
              onNavigate={(page) => change({ page } as Partial<ListState<E>>)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ListSkeleton({ columns, rows, label }: { columns: readonly string[]; rows: number; label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <table aria-hidden="true" className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            {columns.map((c) => (
              <th
                key={c}
                className="whitespace-nowrap border-b border-slate-200 px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-4 dark:border-slate-700 dark:text-slate-300"
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c} className="border-b border-slate-200 px-3 py-3 first:pl-4 dark:border-slate-800">
                  <Skeleton className="h-4 w-24" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The skeleton of a list page (route loading.tsx files). */
export function ListPageSkeleton({ columns }: { columns: readonly string[] }) {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80" />
      </div>
      <Card className="mb-4 p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </Card>
      <Card className="overflow-hidden">
        <ListSkeleton columns={columns} rows={8} label="Loading…" />
      </Card>
    </div>
  );
}
