import { describe, expect, it } from "vitest";
import { createCsvRowCounter, exportUrl, fileNameOfDisposition } from "@/lib/console/list/export";
import { selectColumns } from "./columns";
import { CSV_BOM, csvField, csvRecord, csvStream, type CsvColumn, type CsvOutcome } from "./csv";

// The CSV writer of list exports: RFC 4180 quoting, the formula-injection guard, UTF-8 with a BOM,
// and a stream that pulls rows only as its reader wants them.

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** A minimal RFC 4180 parser (the reader's view of the file), to prove what we write reads back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length > 0) throw new Error(`unterminated record: ${JSON.stringify([...row, field])}`);
  return rows;
}

describe("csvField: RFC 4180 quoting", () => {
  it("leaves plain text alone and quotes a comma, a quote, CR or LF (quotes doubled)", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField("Berlin, Germany")).toBe('"Berlin, Germany"');
    expect(csvField('The "Analyst"')).toBe('"The ""Analyst"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(csvField("")).toBe("");
  });

  it("writes numbers and booleans as they are, nothing for null, undefined and non-finite numbers", () => {
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(0)).toBe("0");
    expect(csvField(true)).toBe("true");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("records end with CRLF", () => {
    expect(csvRecord(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});

describe("csvField: formula-injection guard", () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', '\'=HYPERLINK("http://evil.example")'],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
  ])("prefixes %j with an apostrophe", (input, guarded) => {
    // Quoted too where the guarded text still holds a quote, comma or line break.
    expect(parseCsv(csvRecord([input]))[0]![0]).toBe(guarded);
  });

  it('guards before quoting: =1,2 becomes "\'=1,2"', () => {
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
  });

  it("leaves text with a formula character later in it, and numbers (negative ones too), unchanged", () => {
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("user@example.com")).toBe("user@example.com");
    expect(csvField(-5)).toBe("-5");
  });
});

describe("csvStream", () => {
  interface Row {
    name: string;
    n: number;
  }
  const columns: CsvColumn<Row, { suffix: string }>[] = [
    { id: "name", header: "Name", value: (r, c) => r.name + c.suffix },
    { id: "n", header: "Number", value: (r) => r.n },
  ];

  it("writes a BOM, the header and every row; unicode survives as UTF-8", async () => {
    async function* batches() {
      yield [{ name: "Zoë Ångström", n: 1 }];
      yield [
        { name: "李小龍", n: 2 },
        { name: 'Ω "quoted", with comma\nand newline 🚀', n: 3 },
      ];
    }
    let outcome: CsvOutcome | null = null;
    const stream = csvStream({ columns, context: { suffix: "" }, batches: batches(), onEnd: (o) => void (outcome = o) });
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      ["Name", "Number"],
      ["Zoë Ångström", "1"],
      ["李小龍", "2"],
      ['Ω "quoted", with comma\nand newline 🚀', "3"],
    ]);
    expect(outcome).toEqual({ kind: "complete", rows: 3 });
  });

  it("without a BOM when asked; the context reaches the columns", async () => {
    async function* batches() {
      yield [{ name: "a", n: 1 }];
    }
    const text = await readAll(csvStream({ columns, context: { suffix: "!" }, batches: batches(), bom: false }));
    expect(text).toBe("Name,Number\r\na!,1\r\n");
  });

  it("pulls the next batch only when the reader wants more (backpressure), and a cancel ends the source", async () => {
    let produced = 0;
    let finished = false;
    async function* batches() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          produced++;
          yield [{ name: `row ${i}`, n: i }];
        }
      } finally {
        finished = true;
      }
    }
    let outcome: CsvOutcome | null = null;
    const stream = csvStream({ columns, context: { suffix: "" }, batches: batches(), onEnd: (o) => void (outcome = o) });
    const reader = stream.getReader();
    await reader.read(); // the header
    await reader.read(); // batch 1
    await new Promise((r) => setTimeout(r, 20));
    // The queue holds at most one chunk ahead of the reader: a handful of batches, never the million.
    expect(produced).toBeLessThanOrEqual(3);
    await reader.cancel();
    expect(finished).toBe(true);
    expect(outcome).toMatchObject({ kind: "cancelled" });
  });

  it("a failing source errors the stream after the rows already sent, and says so once", async () => {
    async function* batches() {
      yield [{ name: "a", n: 1 }];
      throw new Error("API down");
    }
    const outcomes: CsvOutcome[] = [];
    const reader = csvStream({ columns, context: { suffix: "" }, batches: batches(), onEnd: (o) => void outcomes.push(o) }).getReader();
    await reader.read();
    await reader.read();
    await expect(reader.read()).rejects.toThrow("API down");
    expect(outcomes).toMatchObject([{ kind: "failed", rows: 1 }]);
  });
});

describe("columns on screen", () => {
  const all: CsvColumn<object, undefined>[] = ["Expense", "Employee", "Date", "Amount", "Request id"].map((id) => ({
    id,
    header: id,
    value: () => id,
  }));
  const ids = (cols: CsvColumn<object, undefined>[]) => cols.map((c) => c.id);

  it("takes `cols` in its order, matching ids case- and separator-insensitively, each once", () => {
    expect(ids(selectColumns(all, "amount,expense,request_id,amount"))).toEqual(["Amount", "Expense", "Request id"]);
  });
  it("ignores unknown ids; none known (or none given) means the defaults, else every column", () => {
    expect(ids(selectColumns(all, "bogus,date"))).toEqual(["Date"]);
    expect(ids(selectColumns(all, "bogus", ["employee", "date"]))).toEqual(["Employee", "Date"]);
    expect(ids(selectColumns(all, null))).toEqual(ids(all));
    expect(ids(selectColumns(all, ""))).toEqual(ids(all));
  });
});

describe("the browser's side", () => {
  it("counts records as the bytes arrive, across chunk boundaries and quoted line breaks", () => {
    const csv = `${CSV_BOM}Name,Note\r\n` + csvRecord(["a", "one\r\ntwo"]) + csvRecord(["b", 'say "hi"\n']) + csvRecord(["c", ""]);
    for (const size of [1, 2, 3, 7, csv.length]) {
      const counter = createCsvRowCounter();
      for (let i = 0; i < csv.length; i += size) counter.push(csv.slice(i, i + size));
      expect(counter.rows, `chunks of ${size}`).toBe(3);
    }
  });

  it("builds the export URL from the list's URL: filters and sort kept, page and page size dropped, columns added", () => {
    expect(exportUrl("/api/bff/expenses/export", "?status=approved&page=3&page_size=50", ["Expense", "Amount"])).toBe(
      "/api/bff/expenses/export?status=approved&cols=Expense%2CAmount",
    );
    expect(exportUrl("/api/bff/expenses/export", "cols=amount&page=2", ["Expense"])).toBe("/api/bff/expenses/export?cols=amount");
    expect(exportUrl("/api/bff/x/export", "")).toBe("/api/bff/x/export");
  });

  it("reads the file name of Content-Disposition", () => {
    expect(fileNameOfDisposition('attachment; filename="expenses-2026-11-26.csv"', "x.csv")).toBe("expenses-2026-11-26.csv");
    expect(fileNameOfDisposition(null, "x.csv")).toBe("x.csv");
  });
});
