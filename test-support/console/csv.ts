// A minimal RFC 4180 reader for tests: what a spreadsheet reads back from a CSV the console writes.
// Throws on an unterminated record (a file cut short).

export function parseCsv(text: string): string[][] {
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

/** The records of an export's body: BOM stripped, header first. */
export const csvRecords = (text: string) => parseCsv(text.replace(/^\uFEFF/, ""));
