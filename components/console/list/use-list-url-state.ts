"use client";

import { useQueryStates, type Options } from "nuqs";
import { useCallback } from "react";
import type { ListDefinition, ListState } from "@/lib/console/list";
import type { AnyFilter } from "@/lib/console/list/filters";

type Filters = Record<string, AnyFilter>;

/** How a change is written: "push" (default) adds a history entry (Back returns), "replace" does not (typing). */
export interface ListChangeOptions {
  history?: "push" | "replace";
}

/**
 * A list's state, read from and written to the URL with nuqs (`useQueryStates` over the list's own
 * parsers, so the browser parses exactly as the server page did). Changes push a history entry
 * (Back works, links can be shared) and are shallow: the server page is not re-rendered, the list's
 * react-query key follows the state and fetches through the BFF.
 *
 * - `change(patch)`: apply `list.update` to the current URL state (a filter change goes back to page 1).
 * - `navigate(state)`: write a whole state (e.g. `list.defaults` for "Clear filters").
 * `onChange` runs before every write (e.g. to drop an error the server rendered for the old state).
 */
export function useListUrlState<F extends Filters>(list: ListDefinition<F>, onChange?: () => void) {
  const [values, setValues] = useQueryStates(list.parsers, { urlKeys: list.urlKeys as never, history: "push", shallow: true });
  const state = values as ListState<F>;
  const write = useCallback(
    (next: Parameters<typeof setValues>[0], options: ListChangeOptions = {}) => {
      onChange?.();
      const opts: Options = options.history ? { history: options.history } : {};
      void setValues(next, opts);
    },
    [setValues, onChange],
  );
  const change = useCallback(
    (patch: Partial<ListState<F>>, options?: ListChangeOptions) =>
      write((prev) => list.update(prev as ListState<F>, patch) as never, options),
    [list, write],
  );
  const navigate = useCallback((next: ListState<F>, options?: ListChangeOptions) => write(next as never, options), [write]);
  return { state, change, navigate };
}
