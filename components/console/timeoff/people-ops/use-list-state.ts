"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import type { EnumFilters, ListDefinition, ListState } from "@/lib/console/timeoff/people-ops/list-state";

/**
 * A people-ops list's state, read from the URL. Changes are written with history.pushState (Back
 * works, links can be shared); Next's router picks them up through useSearchParams, and the list's
 * query follows its key.
 */
export function useListState<E extends EnumFilters>(list: ListDefinition<E>, onNavigate?: () => void) {
  const searchParams = useSearchParams();
  const state = useMemo(() => list.parse(searchParams), [list, searchParams]);
  const navigate = useCallback(
    (next: ListState<E>) => {
      onNavigate?.();
      window.history.pushState(null, "", list.href(next));
    },
    [list, onNavigate],
  );
  const change = useCallback(
    (patch: Partial<ListState<E>>) => navigate(list.update(list.parse(new URLSearchParams(window.location.search)), patch)),
    [list, navigate],
  );
  return { state, navigate, change };
}
