"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { ListDefinition, ListState } from "@/lib/console/list";
import type { AnyFilter } from "@/lib/console/list/filters";
import type { ListShellModel } from "./list-shell";
import type { ListPageShape } from "./use-list";
import { useListUrlState } from "./use-list-url-state";
import type { ListViewsModel } from "./list-toolbar";
import { tableViewOf, viewPartOf, viewsModelOf, type TableView } from "./table-view";

type Filters = Record<string, AnyFilter>;

/**
 * A list whose page the server renders (read from the console's own store, no BFF route): the same
 * URL state as `useList` (useListUrlState), written through the router as well so the server page
 * re-renders for the new URL and passes the new page down as `data`. `busy` while that transition
 * runs (the previous page stays shown). The model fits ListShell.
 */
export function useServerList<F extends Filters, P extends ListPageShape>(list: ListDefinition<F>, data: P) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { state, change, navigate } = useListUrlState(list, undefined, { startTransition });
  const model: ListShellModel<P> & {
    state: ListState<F>;
    change: typeof change;
    navigate: typeof navigate;
    table: TableView;
    views: ListViewsModel;
  } = {
    state,
    change,
    navigate,
    pageSizes: list.pageSizes,
    data,
    busy: pending,
    error: null,
    errorFromServer: false,
    filtered: list.hasFilters(state),
    retry: () => startTransition(() => router.refresh()),
    goToPage: (page) => change({ page } as Partial<ListState<F>>),
    setPageSize: (pageSize) => change({ pageSize } as Partial<ListState<F>>),
    pageHref: (page) => list.href({ ...state, page }),
    clearFilters: () => navigate({ ...list.defaults, pageSize: state.pageSize, ...viewPartOf(state) }),
    table: tableViewOf(list, state, change),
    views: viewsModelOf(list, state, change, navigate),
  };
  return model;
}
