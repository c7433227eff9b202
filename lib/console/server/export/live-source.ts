// The rows of a live API list, for an export: every page of the list's API query, walked with
// page_size 100 (the API's maximum) and a few pages in flight, yielded in the list's order. Each
// request goes through the console's API client, which waits out a short 429 once (Retry-After,
// docs/decisions/console-rate-limit-wait.md); a longer limit fails the export with the API's message.
// The walk is pulled: the next pages are asked for only as the CSV stream wants rows, so at most
// `concurrency` pages are held at once, however long the list.

export const EXPORT_PAGE_SIZE = 100;
/** Pages in flight at once: fast enough for thousands of rows, far below the API's 300 requests a minute. */
export const EXPORT_CONCURRENCY = 3;

export interface ApiPage<T> {
  items: readonly T[];
  total_count: number;
  total_pages: number;
}

export interface WalkOptions<T> {
  /** One page of the list (1-based) with `pageSize` rows. */
  fetchPage: (page: number, pageSize: number) => Promise<ApiPage<T>>;
  /** A row's identity: a row seen on an earlier page (the list moved while it was read) is written once. */
  idOf: (row: T) => string;
  pageSize?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Reads the first page (for the total) and answers the total and the batches: that page, then the
 * others in order with up to `concurrency` requests in flight.
 */
export async function walkApiPages<T>(options: WalkOptions<T>): Promise<{ total: number; batches: AsyncIterable<readonly T[]> }> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const concurrency = Math.max(1, options.concurrency ?? EXPORT_CONCURRENCY);
  const first = await options.fetchPage(1, pageSize);
  const lastPage = Math.max(1, first.total_pages);
  async function* batches(): AsyncGenerator<readonly T[]> {
    const seen = new Set<string>();
    const fresh = (items: readonly T[]) =>
      items.filter((row) => {
        const id = options.idOf(row);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
    yield fresh(first.items);
    // A window of requests: page p is awaited while p+1 … p+concurrency-1 are already on their way.
    const inFlight = new Map<number, Promise<ApiPage<T>>>();
    let next = 2;
    const fill = () => {
      while (next <= lastPage && inFlight.size < concurrency) {
        const page = next++;
        const pending = options.fetchPage(page, pageSize);
        pending.catch(() => undefined); // awaited below, in order; never an unhandled rejection meanwhile
        inFlight.set(page, pending);
      }
    };
    try {
      for (let page = 2; page <= lastPage; page++) {
        if (options.signal?.aborted) throw options.signal.reason ?? new Error("export cancelled");
        fill();
        const result = await inFlight.get(page)!;
        inFlight.delete(page);
        const rows = fresh(result.items);
        if (rows.length > 0) yield rows;
        if (result.items.length === 0) break; // the list shrank while it was read: nothing further
      }
    } finally {
      inFlight.clear();
    }
  }
  return { total: first.total_count, batches: batches() };
}
