"use client";

import { keepPreviousData, useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/to-payload";
import type { ListApiQuery, ListDefinition, ListState, SortInfo } from "@/lib/console/list";
import type { AnyFilter } from "@/lib/console/list/filters";
import { useListUrlState } from "./use-list-url-state";
import { tableViewOf, viewPartOf, viewsModelOf } from "./table-view";

type Filters = Record<string, AnyFilter>;

/** What every API list page has (the API's page-number envelope). */
export interface ListPageShape {
  current_page: number;
  total_count: number;
  total_pages: number;
  /** How the console sorted the page, when it did (lib/console/server/list/sorted.ts). */
  sort?: SortInfo;
}

/**
 * A list, live: its URL state (useListUrlState), the API query of that state, and the react-query of
 * it, with the same options (and key) the server page prefetched, so the first render uses the
 * hydrated page. The previous page stays shown while the next one loads (`busy`).
 *
 * `initialError` is the error the server page got for the first render: it is shown as is, without
 * asking the API a second time, until the state changes or the user retries.
 */
export function useList<F extends Filters, P extends ListPageShape, K extends readonly unknown[]>(
  list: ListDefinition<F>,
  queryFor: (query: ListApiQuery<F>) => UseQueryOptions<P, Error, P, K>,
  { initialError }: { initialError?: ApiErrorPayload } = {},
) {
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const clearServerError = useCallback(() => setServerError(null), []);
  const { state, change, navigate } = useListUrlState(list, clearServerError);
  const apiQuery = useMemo(() => list.toApiQuery(state), [list, state]);
  const query = useQuery({ ...queryFor(apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  return {
    list,
    state,
    change,
    navigate,
    apiQuery,
    query,
    data: query.data,
    /** Refetching for a new state while the previous page is shown. */
    busy: query.isFetching && query.isPlaceholderData,
    error,
    /** The error is the server's (rendered with the page, not announced again). */
    errorFromServer: serverError !== null,
    retry: () => {
      if (serverError) setServerError(null);
      else void query.refetch();
    },
    filtered: list.hasFilters(state),
    pageSizes: list.pageSizes,
    goToPage: (page: number) => change({ page } as Partial<ListState<F>>),
    setPageSize: (pageSize: number) => change({ pageSize } as Partial<ListState<F>>),
    pageHref: (page: number) => list.href({ ...state, page }),
    /** Every filter back to its default; the page size, sort and columns are kept (they are not filters). */
    clearFilters: () => navigate({ ...list.defaults, pageSize: state.pageSize, ...viewPartOf(state) }),
    /** The toolbar's columns control and saved views (ListShell renders it). */
    views: useMemo(() => viewsModelOf(list, state, change, navigate), [list, state, change, navigate]),
    /** DataTable's `sort` and `hidden` (`<DataTable {...model.table} … />`). */
    table: useMemo(
      () => tableViewOf(list, state, change, query.data?.sort?.state === "too_many"),
      [list, state, change, query.data?.sort?.state],
    ),
  };
}
