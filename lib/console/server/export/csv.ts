// The CSV writer of list exports (docs/decisions/console-csv-export.md): RFC 4180 records (CRLF,
// fields with a comma, a quote or a line break quoted, quotes doubled), a guard against formula
// injection (a text cell a spreadsheet would run as a formula is prefixed with '), a UTF-8 byte order
// mark (so Excel reads accents and non-Latin names as UTF-8), and rows streamed a batch at a time
// through a ReadableStream that pulls the next batch only when the reader wants more (backpressure):
// the list is never held in memory. No server imports: the tests and the bench run it as is.

/** What a cell may hold: text is guarded and quoted as needed; numbers and booleans are written as is. */
export type CsvValue = string | number | boolean | null | undefined;

/** UTF-8 byte order mark, written before the header (Excel needs it to read the file as UTF-8). */
export const CSV_BOM = "\uFEFF";
export const CSV_NEWLINE = "\r\n";

/** Characters that make a spreadsheet read a cell as a formula (OWASP: =, +, -, @, and tab / CR that some apps strip first). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: formula guard for text, then RFC 4180 quoting. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvRecord = (values: readonly CsvValue[]): string => values.map(csvField).join(",") + CSV_NEWLINE;

/** A column of an export: its id (the list's column id, as in `?cols=`), its header, its value. */
export interface CsvColumn<T, C = undefined> {
  id: string;
  /** The header, or one that depends on the export's context (a column that could not be filled says so). */
  header: string | ((context: C) => string);
  value: (row: T, context: C) => CsvValue;
}

/** A column's header in an export's context. */
export const headerOf = <T, C>(column: CsvColumn<T, C>, context: C): string =>
  typeof column.header === "function" ? column.header(context) : column.header;

export type CsvOutcome =
  { kind: "complete"; rows: number } | { kind: "cancelled"; rows: number } | { kind: "failed"; rows: number; error: unknown };

export interface CsvStreamOptions<T, C> {
  columns: readonly CsvColumn<T, C>[];
  context: C;
  /** The rows, a batch at a time, in the list's order. Pulled lazily: the next batch is asked for when the reader wants more. */
  batches: AsyncIterable<readonly T[]>;
  /** Default true (see CSV_BOM). */
  bom?: boolean;
  /** Runs once, when the stream ends (read to the end, cancelled by the reader, or failed), before the reader sees the end. */
  onEnd?: (outcome: CsvOutcome) => Promise<void> | void;
}

/**
 * The CSV of `batches` as a byte stream: the header first, then one chunk per batch. `pull` is called
 * only when the reader's queue has room (high-water mark: one chunk), so a slow download slows the
 * source down instead of filling memory.
 */
export function csvStream<T, C>(options: CsvStreamOptions<T, C>): ReadableStream<Uint8Array> {
  const { columns, context } = options;
  const encoder = new TextEncoder();
  const iterator = options.batches[Symbol.asyncIterator]();
  let rows = 0;
  let ended = false;
  const end = async (outcome: CsvOutcome) => {
    if (ended) return;
    ended = true;
    await options.onEnd?.(outcome);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const header = csvRecord(columns.map((c) => headerOf(c, context)));
        controller.enqueue(encoder.encode((options.bom === false ? "" : CSV_BOM) + header));
      },
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) {
            await end({ kind: "complete", rows });
            controller.close();
            return;
          }
          let chunk = "";
          for (const row of next.value) chunk += csvRecord(columns.map((c) => c.value(row, context)));
          rows += next.value.length;
          controller.enqueue(encoder.encode(chunk));
        } catch (error) {
          await end({ kind: "failed", rows, error });
          await iterator.return?.().catch(() => undefined);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.().catch(() => undefined);
        await end({ kind: "cancelled", rows });
      },
    },
    { highWaterMark: 1 },
  );
}
