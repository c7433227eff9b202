import { bffFetch } from "@/lib/console/bff-client";
import { viewsEndpointOf } from "@/lib/console/views/href";
import type { SavedView } from "@/lib/console/views/lists";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Saved list views (app/api/bff/views; the partner's lists: app/api/partner/views): the signed-in user's views of one list.

// Read by the list toolbar with components/console/list/use-bff-data.ts (not TanStack Query).

/** The key of one list's views (the scope and the list's path). */
export const savedViewsKey = (s: QueryScope, list: string) => ["views", ...scopeKey(s), list].join("|");

export const readSavedViews = (scope: QueryScope, list: string, signal?: AbortSignal) =>
  bffFetch<SavedView[]>(withScope(`${viewsEndpointOf(list)}?${new URLSearchParams({ list }).toString()}`, scope), { signal });

export const saveView = (scope: QueryScope, body: { list: string; name: string; search: string }) =>
  bffFetch<{ view: SavedView; replaced: boolean }>(withScope(viewsEndpointOf(body.list), scope), { method: "POST", body });

export const deleteView = (scope: QueryScope, id: string, list: string) =>
  bffFetch<{ deleted: true }>(withScope(`${viewsEndpointOf(list)}/${encodeURIComponent(id)}`, scope), { method: "DELETE" });
