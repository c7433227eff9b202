"use client";

import { lazy, Suspense, useId, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { ListStatusLine } from "@/components/console/list/status-line";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { plural } from "@/lib/console/format";
import type { ConsoleOperation } from "@/lib/console/errors/operations";
import { pageRange, pageWindow } from "@/lib/console/list";
import { ListToolbar, type ListViewsModel } from "./list-toolbar";
import type { TableView } from "./table-view";
import type { QueryScope } from "@/lib/queries/scope";
import type { ListPageShape } from "./use-list";

/** What ListShell needs of a live list: `useList(…)` returns it. */
export interface ListShellModel<P extends ListPageShape> {
  state: { page: number; pageSize: number };
  pageSizes: readonly number[];
  data: P | undefined;
  busy: boolean;
  error: ApiErrorPayload | null;
  errorFromServer: boolean;
  filtered: boolean;
  retry(): void;
  goToPage(page: number): void;
  setPageSize(size: number): void;
  pageHref(page: number): string;
  clearFilters(): void;
  /** The table's sort and hidden columns (useList / useServerList), handed to `children`. */
  table?: TableView;
  /** The toolbar's columns control and saved views (useList / useServerList). */
  views?: ListViewsModel;
}

export interface ListShellProps<P extends ListPageShape, T> {
  model: ListShellModel<P>;
  /** The rows to show (the page's items, or fewer when the page filters its own rows). */
  items: readonly T[];
  /** ["expense", "expenses"]. */
  noun: [string, string];
  /** What reading the list is, for the error banner's permission hint (lib/console/errors/operations.ts). */
  operation?: ConsoleOperation;
  environmentLabel: string;
  /** The filters card. */
  filters?: ReactNode;
  /** Rendered between the filters and the status line (e.g. the balance of the filtered employment). */
  aside?: ReactNode;
  /** Column headers, for the loading skeleton. */
  columns: readonly string[];
  /** Replaces the default loading skeleton. */
  skeleton?: ReactNode;
  /** What the list shows when nothing exists yet (no filter). */
  emptyText: ReactNode;
  /** The hint under "No … match these filters". */
  noMatchText?: ReactNode;
  /** Replaces the past-the-end / no-match / empty states (a list that also filters its own rows). */
  empty?: ReactNode;
  /** The query scope: with it, a list that can keep saved views shows the views menu (lib/console/views/lists.ts). */
  scope?: QueryScope;
  /** Names of the columns in the columns control, by id, where the id in words is not the header. */
  columnLabels?: Record<string, string>;
  /** Actions on the whole list, right of the status line (e.g. an ExportButton). */
  toolbar?: ReactNode;
  /** Replaces the status line's "Showing 1–20 of 57 …". */
  summary?: ReactNode;
  /** The table of the rows (e.g. a DataTable), given the busy flag, the caption and the table view (`<DataTable {...table} />`). */
  children: (items: readonly T[], options: { busy: boolean; caption: string; table: TableView }) => ReactNode;
}

const NO_VIEW: TableView = { hidden: [] };

// The error banner and its texts (every operation's permission and conflict messages) load with the
// first error, not with every list (docs/decisions/console-bundle-budgets.md). A page rendered with
// an error gets it from the server render.
const ErrorBanner = lazy(() => import("@/components/console/error-banner").then((m) => ({ default: m.ErrorBanner })));
const capitalize = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/**
 * The one list shell of the console: status line, filters slot, error banner, the card with the
 * skeleton, the table, or the past-the-end / no-match / empty state, rows per page and pagination.
 */
export function ListShell<P extends ListPageShape, T>(props: ListShellProps<P, T>) {
  const { model, items, noun, operation, environmentLabel, filters, aside, columns, skeleton, emptyText, empty, children } = props;
  const { state, data, busy, error, filtered } = model;
  const sizeId = useId();

  const defaultSummary = () => {
    if (!data) return "";
    const range = pageRange(state.page, state.pageSize, items.length, data.total_count);
    const suffix = filtered ? " matching these filters" : "";
    if (!range) return `${plural(data.total_count, noun[0], noun[1])}${suffix}.`;
    return `Showing ${range.from}–${range.to} of ${plural(range.total, noun[0], noun[1])}${suffix}.`;
  };

  const statusLine = (
    <ListStatusLine busy={busy} loadingText={`Loading ${noun[1]}…`}>
      {props.summary ?? defaultSummary()}
    </ListStatusLine>
  );

  return (
    <div className="space-y-4">
      {filters}
      {aside}

      {model.views ? <ListToolbar views={model.views} scope={props.scope} columnLabels={props.columnLabels} /> : null}

      {props.toolbar ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">{statusLine}</div>
          {props.toolbar}
        </div>
      ) : (
        statusLine
      )}

      {data?.sort?.state === "too_many" ? (
        <Alert tone="info" title="Not sorted: too many rows">
          <p>
            The API cannot sort this list, so the console sorts it by reading every row, up to {data.sort.max.toLocaleString("en")}. These
            filters match {data.sort.total.toLocaleString("en")}: the rows are in the API&apos;s order. Narrow the filters to sort them.
          </p>
        </Alert>
      ) : null}

      {error ? (
        <Suspense fallback={null}>
          <ErrorBanner
            operation={operation}
            error={error}
            role={model.errorFromServer ? undefined : "alert"}
            actions={
              <Button variant="secondary" size="sm" onClick={() => model.retry()}>
                Try again
              </Button>
            }
          />
        </Suspense>
      ) : null}

      <Card className="overflow-hidden">
        {!data ? (
          error ? (
            <EmptyState title={`The ${noun[1]} could not be loaded`}>The error above says why.</EmptyState>
          ) : (
            (skeleton ?? <TableSkeleton columns={columns} rows={Math.min(state.pageSize, 8)} label={`Loading ${noun[1]}…`} />)
          )
        ) : items.length > 0 ? (
          children(items, {
            busy,
            caption: `${capitalize(noun[1])}, page ${data.current_page} of ${Math.max(1, data.total_pages)}`,
            table: model.table ?? NO_VIEW,
          })
        ) : empty !== undefined ? (
          empty
        ) : data.total_count > 0 && state.page > data.total_pages ? (
          <EmptyState
            title={`Page ${state.page} is past the end`}
            actions={
              <Button variant="secondary" onClick={() => model.goToPage(1)}>
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
              <Button variant="secondary" onClick={() => model.clearFilters()}>
                Clear filters
              </Button>
            }
          >
            {props.noMatchText ?? "Try another employment or status, or clear the filters."}
          </EmptyState>
        ) : (
          <EmptyState title={`No ${noun[1]} in ${environmentLabel} yet`}>{emptyText}</EmptyState>
        )}
      </Card>

      {data ? (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap text-sm text-slate-700 dark:text-slate-300">
              Rows per page
            </label>
            <Select id={sizeId} className="w-24" value={String(state.pageSize)} onChange={(e) => model.setPageSize(Number(e.target.value))}>
              {[...new Set([...model.pageSizes, state.pageSize])]
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
              hrefFor={(page) => model.pageHref(page)}
              onNavigate={(page) => model.goToPage(page)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
