// The browser's side of a list export (components/console/list/export-button.tsx): the export URL
// of the list on screen, and counting the CSV's rows as its bytes arrive (for "1,200 of 4,000 rows").
// Universal: no server imports; tested without a browser.

/** The header the export route answers the list's total in (lib/console/server/export/handler.ts). */
export const EXPORT_TOTAL_HEADER = "x-total-count";
/** The URL parameter of the columns on screen (comma-separated column ids). */
export const EXPORT_COLUMNS_PARAM = "cols";

/**
 * The export URL of a list: the route, the list's own URL query (its filters and sort; page and page
 * size dropped, the export is the whole list), and the columns on screen when given.
 */
export function exportUrl(endpoint: string, listSearch: string | URLSearchParams, columns?: readonly string[]): string {
  const params = new URLSearchParams(listSearch);
  params.delete("page");
  params.delete("page_size");
  if (columns && columns.length > 0 && !params.has(EXPORT_COLUMNS_PARAM)) params.set(EXPORT_COLUMNS_PARAM, columns.join(","));
  const query = params.toString();
  return query ? `${endpoint}?${query}` : endpoint;
}

/**
 * Counts the records of an RFC 4180 CSV fed in pieces (line breaks inside quoted fields are not
 * records; a quote doubled inside a field toggles twice, which changes nothing). `rows` excludes the header.
 */
export function createCsvRowCounter() {
  let inQuotes = false;
  let lines = 0;
  return {
    push(text: string): number {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34 /* " */) inQuotes = !inQuotes;
        else if (c === 10 /* \n */ && !inQuotes) lines++;
      }
      return Math.max(0, lines - 1);
    },
    get rows() {
      return Math.max(0, lines - 1);
    },
  };
}

/** `attachment; filename="expenses-2026-11-26.csv"` → the file name (a fallback when absent). */
export function fileNameOfDisposition(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? "");
  return m?.[1] ?? fallback;
}
