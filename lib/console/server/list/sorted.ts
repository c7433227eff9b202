import "server-only";
import { MAX_PAGE_SIZE } from "@/lib/console/list";
import { sortRows, type SortAccessors, type SortInfo, type SortOrder } from "@/lib/console/list/sort";

// A live list sorted across all its pages. The provider's API has no sort (except on a few lists,
// which pass their own sort on): for a sort it does not have, the console reads every page of the
// filtered list, at most SORT_ACROSS_PAGES_MAX rows (MAX_PAGE_SIZE rows per request, a few requests
// at once), sorts them and serves the asked page of that order itself. A longer list is not sorted
// (a sort of the visible page only would lie): it is served in the API's order and the answer says
// so (`sort.state: "too_many"`), which the list shows above the table with the count and the limit.
// docs/decisions/console-sort-and-saved-views.md

/** The most rows a list is read to be sorted by the console (10 requests of 100). */
export const SORT_ACROSS_PAGES_MAX = 1000;
const CONCURRENT_READS = 4;

interface PageShape {
  current_page: number;
  total_count: number;
  total_pages: number;
}

export interface SortedPageOptions<P extends PageShape, T> {
  query: { page: number; page_size: number; sort?: string; order?: SortOrder };
  /** The name of the page's items array (`expenses`). */
  itemsKey: keyof P & string;
  accessors: SortAccessors<T>;
  /** One page of the API's list (the query's filters, this page and page size). */
  read: (page: number, pageSize: number) => Promise<P>;
  /** The row's identity: a row read twice (the list moved between two reads) is kept once. */
  idOf?: (row: T) => string;
  max?: number;
}

/** The page of `query`, in the query's sort when it has one (see above), with `sort` saying how it was sorted. */
export async function sortedPage<P extends PageShape, T>(o: SortedPageOptions<P, T>): Promise<P & { sort?: SortInfo }> {
  const { query } = o;
  const max = o.max ?? SORT_ACROSS_PAGES_MAX;
  if (!query.sort) return o.read(query.page, query.page_size);
  const order = query.order ?? "asc";
  const info = (state: SortInfo["state"], total: number): SortInfo => ({ by: query.sort!, order, state, total, max });

  const first = await o.read(1, MAX_PAGE_SIZE);
  if (first.total_count > max) {
    const page = await o.read(query.page, query.page_size);
    return { ...page, sort: info("too_many", first.total_count) };
  }
  const pages = [first];
  const rest = Array.from({ length: Math.max(0, first.total_pages - 1) }, (_, i) => i + 2);
  for (let i = 0; i < rest.length; i += CONCURRENT_READS) {
    pages.push(...(await Promise.all(rest.slice(i, i + CONCURRENT_READS).map((p) => o.read(p, MAX_PAGE_SIZE)))));
  }
  let rows = pages.flatMap((p) => (p[o.itemsKey] as T[] | undefined) ?? []);
  if (o.idOf) {
    const seen = new Set<string>();
    rows = rows.filter((r) => {
      const id = o.idOf!(r);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }
  const sorted = sortRows(rows, o.accessors, query.sort, order);
  const total = sorted.length;
  const start = (query.page - 1) * query.page_size;
  return {
    ...first,
    [o.itemsKey]: sorted.slice(start, start + query.page_size),
    current_page: query.page,
    total_count: total,
    total_pages: Math.ceil(total / query.page_size),
    sort: info("sorted", total),
  };
}

/** The API query without the console's sort (what the API itself is sent). */
export function withoutSort<Q extends { sort?: string; order?: SortOrder }>(q: Q): Omit<Q, "sort" | "order"> {
  const { sort: _sort, order: _order, ...rest } = q;
  return rest;
}
