import { RECEIPTS_MAX } from "@/lib/contract/enums";
import type { Base64File } from "@/lib/contract";

// Receipts in the console. Upload: the API takes receipts base64-encoded inside the JSON body
// (`receipts: [{name, content}]`), and refuses any request body above 1 MiB (413) before reading it,
// so the form refuses larger files itself, with a message saying why (base64 makes a file a third
// larger). Kinds are checked by extension here; the API detects the real kind from the bytes.
// Preview: images inline, PDFs in a frame, anything else downloads.

/** The API's request body limit (docs/decisions/areas-people-ops-expense-receipts.md). */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
/** Room kept for the rest of the JSON body (title, notes…) when files are chosen. */
export const BODY_RESERVE_BYTES = 16 * 1024;

export const RECEIPT_EXTENSIONS = ["pdf", "png", "jpg", "jpeg", "webp", "heic", "heif", "csv", "xlsx"] as const;
/** The file input's `accept` (extensions and media types). */
export const RECEIPT_ACCEPT = [
  ...RECEIPT_EXTENSIONS.map((e) => `.${e}`),
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/heic",
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
].join(",");

/** Bytes of a file once base64-encoded. */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/** The largest total of receipt bytes that still fits in one request. */
export const MAX_RECEIPT_TOTAL_BYTES = Math.floor(((API_BODY_LIMIT_BYTES - BODY_RESERVE_BYTES) / 4) * 3);

/** "1.4 MB", "760 KB", "512 bytes" (decimal units, as file managers show them). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} bytes`;
  if (n < 1_000_000) return `${Math.round(n / 1000)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

export interface ChosenFile {
  name: string;
  size: number;
}

/** Why these files can't be sent as the expense's receipts, or null when they can. */
export function receiptFilesError(files: readonly ChosenFile[]): string | null {
  if (files.length > RECEIPTS_MAX) return `An expense holds at most ${RECEIPTS_MAX} receipts; ${files.length} were chosen.`;
  const badKind = files.find((f) => !(RECEIPT_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)));
  if (badKind) return `“${badKind.name}” is not a kind of receipt the API accepts: PDF, PNG, JPEG, WebP, HEIC, CSV or XLSX.`;
  const empty = files.find((f) => f.size === 0);
  if (empty) return `“${empty.name}” is empty.`;
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > MAX_RECEIPT_TOTAL_BYTES) {
    const what = files.length === 1 ? `“${files[0]!.name}” is ${formatBytes(total)}` : `These receipts total ${formatBytes(total)}`;
    return (
      `${what}: too large to send. The API accepts requests of at most 1 MiB and receipts travel base64-encoded (a third larger), ` +
      `so the receipts of one expense can total about ${formatBytes(MAX_RECEIPT_TOTAL_BYTES)}. Scan at a lower resolution or export a smaller PDF.`
    );
  }
  return null;
}

/** Bytes of a JSON body as it will be sent (UTF-8). */
export const jsonBodyBytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;

/** The message when a whole body is still too large (long notes on top of large receipts). */
export function bodyTooLargeError(bytes: number): string | null {
  return bytes > API_BODY_LIMIT_BYTES
    ? `The expense with its receipts makes a request of ${formatBytes(bytes)}; the API accepts at most 1 MiB. Remove a receipt or choose a smaller file.`
    : null;
}

/** Standard base64 (with padding) of some bytes; chunked so large files don't overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** A browser File as the API's Base64File (the API detects the type from the bytes). */
export async function fileToBase64File(file: Blob & { name: string }): Promise<Base64File> {
  return { name: file.name, content: bytesToBase64(new Uint8Array(await file.arrayBuffer())) };
}

export type PreviewKind = "image" | "pdf" | "download";

/** How a stored receipt is shown: by the kind the API detected (`sub_type`), else by its name. */
export function previewKind(file: { name: string; sub_type?: string | null }): PreviewKind {
  const kind = (file.sub_type ?? extensionOf(file.name)).toLowerCase();
  if (kind === "png" || kind === "jpeg" || kind === "jpg" || kind === "webp") return "image";
  if (kind === "pdf") return "pdf";
  return "download";
}

/** Media types the BFF lets the browser render inline; everything else is sent as an attachment. */
export const INLINE_CONTENT_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp", "application/pdf"]);

/** `attachment; filename=…` → `inline; filename=…` (the file name parameters are kept as the API wrote them). */
export function dispositionFor(upstream: string | null, inline: boolean): string {
  const params = upstream?.replace(/^\s*(attachment|inline)\s*;?/i, "").trim();
  const type = inline ? "inline" : "attachment";
  return params ? `${type}; ${params}` : type;
}
