import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/console/bff-client";
import type { SavedView } from "@/lib/console/views/lists";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Saved list views (app/api/bff/views): the signed-in user's views of one list.

export const viewKeys = {
  all: (s: QueryScope) => ["views", ...scopeKey(s)] as const,
  list: (s: QueryScope, list: string) => [...viewKeys.all(s), list] as const,
};

const BFF = "/api/bff/views";

export const savedViewsQuery = (scope: QueryScope, list: string) =>
  queryOptions({
    queryKey: viewKeys.list(scope, list),
    queryFn: ({ signal }) => bffFetch<SavedView[]>(withScope(`${BFF}?${new URLSearchParams({ list }).toString()}`, scope), { signal }),
  });

export const saveView = (scope: QueryScope, body: { list: string; name: string; search: string }) =>
  bffFetch<{ view: SavedView; replaced: boolean }>(withScope(BFF, scope), { method: "POST", body });

export const deleteView = (scope: QueryScope, id: string) =>
  bffFetch<{ deleted: true }>(withScope(`${BFF}/${encodeURIComponent(id)}`, scope), { method: "DELETE" });
