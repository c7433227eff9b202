import type { Pagination } from "@/lib/contract";

// The one place the API builds a list envelope (docs/decisions/api-pagination-envelope.md). A list
// route parses `page` and `page_size` with `PaginationQuerySchema` (lib/contract/pagination.ts, which
// holds the bounds: page >= 1, page_size 1..100, default 20), hands `pageParams(query)` to its service,
// and the service reads its rows with `pageWindow` and answers `paginate(...)`.
// `lib/gateway/pagination.test.ts` fails when a route or service writes the envelope's fields itself.

/** A page request: `page` 1-based, `pageSize` rows per page. */
export type PageParams = Pagination;

/** The page fields of the list envelope (DECISIONS.md "List envelope"). */
export type PageFields = { current_page: number; total_count: number; total_pages: number };

/** `{data: {<plural>: [...], current_page, total_count, total_pages}}`. */
export type ListEnvelope<K extends string, T> = { data: { [P in K]: T[] } & PageFields };

/** The provider's departments shape: the page fields beside `data`, not inside it. */
export type ListEnvelopeBesideData<K extends string, T> = { data: { [P in K]: T[] } } & PageFields;

/** The page params of a query parsed by `PaginationQuerySchema`. */
export const pageParams = (query: { page: number; page_size: number }): PageParams => ({ page: query.page, pageSize: query.page_size });

/** Every row on one page (`paginate=false` of the departments list): page 1 of one page, or of none. */
export const allOnOnePage = (count: number): PageParams => ({ page: 1, pageSize: Math.max(count, 1) });

function assertPageParams({ page, pageSize }: PageParams): void {
  // The query schema refuses these with a 400; reaching here with one is a programming error (a 500).
  if (!Number.isInteger(page) || page < 1) throw new Error(`page must be an integer >= 1, got ${page}`);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`pageSize must be an integer >= 1, got ${pageSize}`);
}

/** LIMIT and OFFSET of the page: `.limit(w.limit).offset(w.offset)`. */
export function pageWindow(params: PageParams): { limit: number; offset: number } {
  assertPageParams(params);
  return { limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
}

/**
 * The page fields: `current_page` is the page asked for (a page past the end answers an empty list
 * with that page number), `total_pages` is ceil(total / page size) (0 for no rows).
 */
export function pageFields(totalCount: number, params: PageParams): PageFields {
  assertPageParams(params);
  if (!Number.isInteger(totalCount) || totalCount < 0) throw new Error(`totalCount must be an integer >= 0, got ${totalCount}`);
  return { current_page: params.page, total_count: totalCount, total_pages: Math.ceil(totalCount / params.pageSize) };
}

/**
 * The spec's list envelope of one page of `items` (at most `pageSize` of them) out of `totalCount` rows.
 * `placement: "beside-data"` puts the page fields beside `data`, as the provider's departments list does.
 */
export function paginate<K extends string, T>(plural: K, items: T[], totalCount: number, params: PageParams): ListEnvelope<K, T>;
export function paginate<K extends string, T>(
  plural: K,
  items: T[],
  totalCount: number,
  params: PageParams,
  placement: "beside-data",
): ListEnvelopeBesideData<K, T>;
export function paginate<K extends string, T>(
  plural: K,
  items: T[],
  totalCount: number,
  params: PageParams,
  placement: "in-data" | "beside-data" = "in-data",
): ListEnvelope<K, T> | ListEnvelopeBesideData<K, T> {
  const fields = pageFields(totalCount, params);
  if (items.length > params.pageSize) throw new Error(`a page holds at most ${params.pageSize} items, got ${items.length}`);
  const list = { [plural]: items } as { [P in K]: T[] };
  return placement === "beside-data" ? { data: list, ...fields } : { data: { ...list, ...fields } };
}
