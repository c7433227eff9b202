import { toggleSort, type ListDefinition, type ListState } from "@/lib/console/list";
import type { AnyFilter } from "@/lib/console/list/filters";
import type { TableSort } from "./sort-header";

type Filters = Record<string, AnyFilter>;

/** What DataTable takes of a list's state: the sort (for a list that declares one) and the hidden columns. */
export interface TableView {
  sort?: TableSort;
  hidden: readonly string[];
}

/** The table view of a list's URL state; a header click toggles the sort (and goes back to page 1 through `update`). */
export function tableViewOf<F extends Filters>(
  list: ListDefinition<F>,
  state: ListState<F>,
  change: (patch: Partial<ListState<F>>) => void,
  unavailable = false,
): TableView {
  return {
    sort:
      list.sort.keys.length > 0
        ? {
            sort: state.sort ?? "",
            order: state.order ?? "asc",
            unavailable,
            onSort: (column) => change(toggleSort(state, column) as Partial<ListState<F>>),
          }
        : undefined,
    hidden: state.hide ?? [],
  };
}

/** The view part of a state (sort, order, hidden columns) a list declares: what "Clear filters" keeps. */
export function viewPartOf<F extends Filters>(state: ListState<F>): Partial<ListState<F>> {
  const view: Record<string, unknown> = {};
  for (const k of ["sort", "order", "hide"] as const) if (state[k] !== undefined) view[k] = state[k];
  return view as Partial<ListState<F>>;
}
