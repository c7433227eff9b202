"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo, type TransitionStartFunction } from "react";
import type { ListDefinition, ListState } from "@/lib/console/list";
import type { AnyFilter } from "@/lib/console/list/filters";
import { writeUrl } from "./url";

type Filters = Record<string, AnyFilter>;

/** How a change is written: "push" (default) adds a history entry (Back returns), "replace" does not (typing). */
export interface ListChangeOptions {
  history?: "push" | "replace";
}

/**
 * A list's state, read from and written to the URL: parsed by the list's own parsers from Next's
 * `useSearchParams` (so the browser parses exactly as the server page did), written with the
 * History API, which Next's app router follows (`useSearchParams` and `usePathname` update, no
 * server request). Changes push a history entry (Back works, links can be shared) and are shallow:
 * the server page is not re-rendered, the list's react-query key follows the state and fetches
 * through the BFF. Parameters that are not the list's (`?created=`) are kept.
 *
 * - `change(patch)`: apply `list.update` to the current URL state (a filter change goes back to page 1).
 * - `navigate(state)`: write a whole state (e.g. `list.defaults` for "Clear filters").
 * `onChange` runs before every write (e.g. to drop an error the server rendered for the old state).
 * `server` is for a list whose page the server renders (no BFF route): the new URL is also sent
 * through the router (`router.replace`), so the server page re-renders for it, inside
 * `startTransition` (its pending flag is `busy`).
 */
export function useListUrlState<F extends Filters>(
  list: ListDefinition<F>,
  onChange?: () => void,
  server?: { startTransition: TransitionStartFunction },
) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const search = searchParams?.toString() ?? "";
  const state = useMemo(() => list.parse(new URLSearchParams(search)), [list, search]);
  const write = useCallback(
    (next: (current: ListState<F>) => ListState<F>, options: ListChangeOptions = {}) => {
      onChange?.();
      // The URL as it is now (several changes in one event build on each other).
      const current = new URLSearchParams(window.location.search);
      const own = list.href(next(list.parse(current))).split("?")[1] ?? "";
      for (const key of list.ownKeys) current.delete(key);
      const rest = current.toString();
      const query = [own, rest].filter(Boolean).join("&");
      const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
      const history = options.history ?? "push";
      if (server) {
        server.startTransition(() => {
          writeUrl(url, history);
          router.replace(url, { scroll: false });
        });
      } else writeUrl(url, history);
    },
    [list, onChange, server, router],
  );
  const change = useCallback(
    (patch: Partial<ListState<F>>, options?: ListChangeOptions) => write((prev) => list.update(prev, patch), options),
    [list, write],
  );
  const navigate = useCallback((next: ListState<F>, options?: ListChangeOptions) => write(() => next, options), [write]);
  return { state, change, navigate };
}
