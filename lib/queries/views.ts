import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/console/bff-client";
import { viewsEndpointOf } from "@/lib/console/views/href";
import type { SavedView } from "@/lib/console/views/lists";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Saved list views (app/api/bff/views; the partner's lists: app/api/partner/views): the signed-in user's views of one list.

export const viewKeys = {
  all: (s: QueryScope) => ["views", ...scopeKey(s)] as const,
  list: (s: QueryScope, list: string) => [...viewKeys.all(s), list] as const,
};

export const savedViewsQuery = (scope: QueryScope, list: string) =>
  queryOptions({
    queryKey: viewKeys.list(scope, list),
    queryFn: ({ signal }) =>
      bffFetch<SavedView[]>(withScope(`${viewsEndpointOf(list)}?${new URLSearchParams({ list }).toString()}`, scope), { signal }),
  });

export const saveView = (scope: QueryScope, body: { list: string; name: string; search: string }) =>
  bffFetch<{ view: SavedView; replaced: boolean }>(withScope(viewsEndpointOf(body.list), scope), { method: "POST", body });

export const deleteView = (scope: QueryScope, id: string, list: string) =>
  bffFetch<{ deleted: true }>(withScope(`${viewsEndpointOf(list)}/${encodeURIComponent(id)}`, scope), { method: "DELETE" });
