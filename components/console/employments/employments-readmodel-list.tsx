"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { ExportButton } from "@/components/console/list/export-button";
import { ListShell } from "@/components/console/list/list-shell";
import { useBffData } from "@/components/console/list/use-bff-data";
import { useListUrlState } from "@/components/console/list/use-list-url-state";
import { tableViewOf, viewsModelOf } from "@/components/console/list/table-view";
import { BulkResult, type BulkRunResult } from "@/components/console/list/bulk-actions";
import { FreshnessLine } from "@/components/console/readmodel/freshness-line";
import { SORT_LABELS } from "@/components/console/partner/sort-labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { employmentsList, type EmploymentListState } from "@/lib/console/employments/list";
import { toErrorPayload } from "@/lib/console/errors/to-payload";
import { pageRange } from "@/lib/console/list";
import { READMODEL_POLL_MS, type ReadModelListSort } from "@/lib/console/readmodel/list";
import { companyReadModelKey, companyReadModelSearch, readCompanyReadModel } from "@/lib/queries/company-readmodel";
import type { CompanyReadModelAnswer } from "@/lib/queries/readmodel";
import type { QueryScope } from "@/lib/queries/scope";
import { BulkEmploymentsTable } from "./bulk-employments-table";
import { EMPLOYMENT_CELL_COLUMN_IDS, EMPLOYMENT_COLUMN_LABELS } from "./employment-cells";
import { EmploymentsTableSkeleton } from "./employments-table-skeleton";
import { EmploymentSearchBox } from "./employment-search-box";
import { StatusFilter } from "./status-filter";

const isFiltered = (s: EmploymentListState) => s.statuses.length > 0 || !!s.email || !!s.q.trim();

/**
 * The company's employments list served from the console's read model, once the company's first
 * sync has completed (docs/decisions/console-readmodel-lists.md): sort on every column, a search
 * across every page, the freshness line, and a poll every few seconds so a change at the API shows
 * without a reload. Opening an employment and every write (bulk invite) stay live. It reads through
 * `useBffData` (the server's answer for the first page, then the BFF), not TanStack Query.
 */
export function EmploymentsReadModelList({
  scope,
  environmentLabel,
  initial,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  /** What the server read for its URL (`search`: `companyReadModelSearch` of its state) and when (`Date.now()`). */
  initial?: { search: string; data: CompanyReadModelAnswer; at: number };
  initialError?: ApiErrorPayload;
}) {
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const { state, change, navigate } = useListUrlState(employmentsList, () => setServerError(null));
  const search = companyReadModelSearch(state);
  const read = useCallback((signal: AbortSignal) => readCompanyReadModel(scope, search, signal), [scope, search]);
  const query = useBffData(companyReadModelKey(scope, search), read, {
    initial: initial ? { key: companyReadModelKey(scope, initial.search), data: initial.data, at: initial.at } : undefined,
    pollMs: READMODEL_POLL_MS,
    enabled: serverError === null,
  });
  const table = useMemo(() => tableViewOf(employmentsList, state, change), [state, change]);
  const views = useMemo(() => viewsModelOf(employmentsList, state, change, navigate), [state, change, navigate]);
  const [bulkResult, setBulkResult] = useState<BulkRunResult | null>(null);
  const answer = query.data;
  const data = answer?.source === "readmodel" ? answer : undefined;

  const [qInput, setQInput] = useState(state.q);
  useEffect(() => setQInput(state.q), [state.q]);
  useEffect(() => {
    const handle = setTimeout(() => {
      // A new search starts on page 1 (`q` is not an API filter, so the framework keeps the page).
      if (qInput.trim() !== state.q) change({ q: qInput.trim(), page: 1 }, { history: "replace" });
    }, 300);
    return () => clearTimeout(handle);
  }, [qInput, state.q, change]);

  const filtered = isFiltered(state);
  const sort = (state.sort || "full_name") as ReadModelListSort;
  const items = data?.employments ?? [];
  const range = data ? pageRange(state.page, state.pageSize, items.length, data.total_count) : null;
  const clearAll = () => {
    setQInput("");
    navigate({ ...employmentsList.defaults, pageSize: state.pageSize, sort: state.sort, order: state.order, hide: state.hide });
  };
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);

  if (answer?.source === "live") {
    return (
      <Alert tone="warning" role="status" title="The synced list is not available any more">
        <p>This company&apos;s synced data is gone (its connection changed). Reload the page to see the live list.</p>
      </Alert>
    );
  }

  return (
    <ListShell
      model={{
        state,
        pageSizes: employmentsList.pageSizes,
        data,
        busy: query.isFetching && query.isPlaceholderData,
        error,
        errorFromServer: serverError !== null,
        filtered,
        retry: () => (serverError ? setServerError(null) : void query.refetch()),
        goToPage: (page) => change({ page }),
        setPageSize: (pageSize) => change({ pageSize }),
        pageHref: (page) => employmentsList.href({ ...state, page }),
        clearFilters: clearAll,
        views,
      }}
      scope={scope}
      columnLabels={EMPLOYMENT_COLUMN_LABELS}
      items={items}
      noun={["employment", "employments"]}
      environmentLabel={environmentLabel}
      columns={[]}
      toolbar={
        <ExportButton
          endpoint="/api/bff/employments/export"
          scope={scope}
          noun={["employment", "employments"]}
          columns={["name", ...EMPLOYMENT_CELL_COLUMN_IDS]}
        />
      }
      skeleton={<EmploymentsTableSkeleton rows={Math.min(state.pageSize, 10)} />}
      emptyText={null}
      empty={
        data && data.total_count > 0 && state.page > data.total_pages ? undefined : (
          <EmptyState
            title={filtered ? "No employment matches" : `No employments in ${environmentLabel} yet`}
            actions={
              filtered ? (
                <Button variant="secondary" onClick={clearAll}>
                  Clear the search and filters
                </Button>
              ) : undefined
            }
          >
            {filtered
              ? "The search looks at every page: name, e-mails, job title and external ID."
              : "Employments the company creates appear here."}
          </EmptyState>
        )
      }
      summary={
        data
          ? `${range ? `Showing ${range.from.toLocaleString("en-US")}–${range.to.toLocaleString("en-US")} of ${range.total.toLocaleString("en-US")} employments` : "No employments"}${filtered ? " matching" : ""}, sorted by ${SORT_LABELS[sort]} (${state.order === "desc" ? "descending" : "ascending"}).`
          : ""
      }
      aside={
        <>
          {data ? <FreshnessLine freshness={data.freshness} single /> : null}
          <div aria-live="polite" className="empty:hidden">
            {bulkResult ? <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} /> : null}
          </div>
        </>
      }
      filters={
        <Card className="p-4">
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
            <EmploymentSearchBox
              name="Search employments"
              label="Search all employments"
              value={qInput}
              onChange={setQInput}
              placeholder="Name, e-mail, job title or external ID"
            />
            <div>
              <StatusFilter selected={state.statuses} onChange={(statuses) => change({ statuses })} />
            </div>
          </div>
          {filtered ? (
            <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
              <Button variant="ghost" size="sm" onClick={clearAll}>
                Clear search and filters
              </Button>
            </div>
          ) : null}
        </Card>
      }
    >
      {(rows, { busy, caption }) => (
        <BulkEmploymentsTable
          scope={scope}
          onResult={setBulkResult}
          items={rows}
          busy={busy}
          caption={caption}
          sort={table.sort}
          hidden={table.hidden}
        />
      )}
    </ListShell>
  );
}
