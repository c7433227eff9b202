import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/contract/page-sizes";

// Pagination constants and helpers shared by every console list (page-number pagination, as the
// API has it). Browser-safe: no server imports.

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** The rows-per-page choices a list offers (and the only page sizes its URL accepts by default). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** The highest page number a URL may ask for (anything above parses to page 1). */
export const MAX_PAGE = 100_000;

/** A page's `searchParams` (Next's record) or a URLSearchParams (browser, BFF request). */
export type RawSearchParams = URLSearchParams | Record<string, string | string[] | undefined>;

/** "Showing 21–40 of 137" numbers (1-based, inclusive), or null for an empty page. */
export function pageRange(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
): { from: number; to: number; total: number } | null {
  if (shown === 0) return null;
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1, total };
}

/** Page numbers to offer: first, last, current ± 1, with null for a gap ("…"). */
export function pageWindow(current: number, totalPages: number): (number | null)[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const wanted = new Set([1, totalPages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === "number" && n - prev === 2) out.push(prev + 1);
    else if (typeof prev === "number" && n - prev > 2) out.push(null);
    out.push(n);
  }
  return out;
}
