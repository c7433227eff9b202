import "server-only";
import { randomUUID } from "node:crypto";
import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES, type Base64File, type EmploymentFile, type ReceiptKind } from "@/lib/contract";
import type { GatewayContext } from "../context";
import type { peopleOpsFiles } from "../db/schema";
import { iso } from "./people-ops-shared";

// Uploaded files of the people-ops areas (expense receipts, time off documents): base64 in the JSON
// body, type detected from the bytes, stored in people_ops_files (bytea), served back as they came.

export type PeopleOpsFileRow = typeof peopleOpsFiles.$inferSelect;

const EXTENSIONS: Record<ReceiptKind, readonly string[]> = {
  pdf: ["pdf"],
  png: ["png"],
  jpeg: ["jpg", "jpeg"],
  webp: ["webp"],
  heic: ["heic", "heif"],
  csv: ["csv"],
  xlsx: ["xlsx"],
};

/** Declared media types accepted as meaning a kind (aliases seen in the wild). */
const DECLARED_ALIASES: Record<string, ReceiptKind> = {
  ...(Object.fromEntries(Object.entries(RECEIPT_CONTENT_TYPES).map(([k, v]) => [v, k])) as Record<string, ReceiptKind>),
  "image/jpg": "jpeg",
  "image/heif": "heic",
  "application/csv": "csv",
};

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);

function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : null;
}

/** Text a spreadsheet would read as CSV: UTF-8, no NUL or other control characters beyond tab and line breaks. */
function looksLikeCsv(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return false;
  }
  return true;
}

/**
 * The kind of a file, from its signature (magic bytes); CSV has none, so it is text named `.csv`, and
 * XLSX is a ZIP container holding an `xl/` part and named `.xlsx`. Null for anything else.
 */
export function detectFileKind(bytes: Uint8Array, name: string): ReceiptKind | null {
  const ext = extensionOf(name);
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heic";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return ext === "xlsx" && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("xl/") ? "xlsx" : null;
  }
  if (ext === "csv" && looksLikeCsv(bytes)) return "csv";
  return null;
}

/** A file name safe to store and to send back: no directories, no control characters. */
function cleanName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== "\u007f" && ch !== '"').join("");
  return printable.trim().slice(0, 255);
}

export interface DecodedFile {
  name: string;
  kind: ReceiptKind;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Decodes and checks one uploaded file; failures are added to `errors` under `field` (422 at upload):
 * a type outside RECEIPT_CONTENT_TYPES, a declared type or an extension that contradicts the bytes, or
 * a file over RECEIPT_MAX_BYTES.
 */
export function decodeUpload(file: Base64File, field: string, errors: Record<string, string[]>): DecodedFile | null {
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const bytes = new Uint8Array(Buffer.from(file.content, "base64"));
  if (bytes.length === 0) {
    add(`${field}.content`, "can't be blank");
    return null;
  }
  if (bytes.length > RECEIPT_MAX_BYTES) {
    add(`${field}.content`, `must be at most ${RECEIPT_MAX_BYTES / (1024 * 1024)} MiB`);
    return null;
  }
  let name = cleanName(file.name);
  if (!name) {
    add(`${field}.name`, "can't be blank");
    return null;
  }
  const kind = detectFileKind(bytes, name);
  const accepted = Object.keys(RECEIPT_CONTENT_TYPES).join(", ");
  if (!kind) {
    add(field, `file type not allowed: accepted types are ${accepted} (detected from the content and the name)`);
    return null;
  }
  if (file.content_type !== undefined) {
    const declared = file.content_type.split(";")[0]!.trim().toLowerCase();
    if (DECLARED_ALIASES[declared] !== kind)
      add(`${field}.content_type`, `does not match the file's content (${RECEIPT_CONTENT_TYPES[kind]})`);
  }
  const ext = extensionOf(name);
  if (ext === null) name = `${name}.${EXTENSIONS[kind][0]}`;
  else if (!EXTENSIONS[kind].includes(ext)) add(`${field}.name`, `extension .${ext} does not match the file's content (${kind})`);
  return { name, kind, contentType: RECEIPT_CONTENT_TYPES[kind], bytes };
}

export function fileRow(
  d: DecodedFile,
  owner: { companyId: string; employmentId: string; expenseId?: string | null },
  type: "receipt" | "timeoff_document" | "offboarding_document",
  now: Date,
  position = 0,
): typeof peopleOpsFiles.$inferInsert {
  return {
    id: randomUUID(),
    companyId: owner.companyId,
    employmentId: owner.employmentId,
    expenseId: owner.expenseId ?? null,
    name: d.name,
    type,
    subType: d.kind,
    contentType: d.contentType,
    sizeBytes: d.bytes.length,
    position,
    content: d.bytes,
    insertedAt: now,
  };
}

/** File of spec 2.3. */
export const toFile = (f: Pick<PeopleOpsFileRow, "id" | "name" | "type" | "subType" | "insertedAt">): EmploymentFile => ({
  id: f.id,
  name: f.name,
  type: f.type,
  sub_type: f.subType,
  inserted_at: iso(f.insertedAt),
});

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187). */
export function contentDisposition(name: string): string {
  const fallback =
    name
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "download";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A stored file as an HTTP response: its bytes, detected type and name, never sniffed by the browser. */
export function sendFile(c: GatewayContext, f: Pick<PeopleOpsFileRow, "name" | "contentType" | "content">): Response {
  // Through the context, so the rate-limit headers set earlier in the stack are kept.
  const bytes = new Uint8Array(f.content);
  return c.body(bytes.buffer as ArrayBuffer, 200, {
    "content-type": f.contentType,
    "content-disposition": contentDisposition(f.name),
    "content-length": String(bytes.byteLength),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
}
