import type { AnyFilter, ListDefinition } from "@/lib/console/list";

// What a saved view keeps of a list URL (browser-safe, light: the list toolbar imports it, not the
// registry of lists). docs/decisions/console-sort-and-saved-views.md

type AnyList = ListDefinition<Record<string, AnyFilter>>;

/**
 * The view of a list URL: its canonical form without the page (a view opens on its first page) and
 * without per-row panel state (`api: false` text filters such as the open delivery, unless declared
 * `view: true`, like the employments list's search). What a saved
 * view restores exactly: every API filter, the sort and its order, the hidden columns, the page size.
 */
export function viewHrefOf(list: AnyList, search: string): string {
  const state = list.parse(new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)) as Record<string, unknown>;
  const kept: Record<string, unknown> = { ...state, page: 1 };
  for (const [name, f] of Object.entries(list.filters)) if (!f.api && f.kind === "text" && !f.view) kept[name] = f.empty;
  return list.href(kept as never);
}

/** The partner's lists (read without a company): their views are kept through the partner's own route, not the BFF. */
export const isPartnerViewList = (path: string) => path.startsWith("/partner/");

/** Where a list's saved views are read and written: `/api/partner/views` for the partner's lists (an operator, no company), else the BFF. */
export const viewsEndpointOf = (path: string) => (isPartnerViewList(path) ? "/api/partner/views" : "/api/bff/views");
