import "server-only";
import type { BffContext } from "@/lib/console/server/bff";
import { downloadReceipt } from "./api";
import { dispositionFor, INLINE_CONTENT_TYPES } from "../../expenses/receipts";

// The BFF's receipt download (a bffStream handler): the API's bytes streamed through with the API's
// content type (never buffered, never sniffed). Images and PDFs may be shown inline (previews);
// anything else, and any request with ?download=1, is an attachment. bffStream runs the session and
// tab-scope checks first and answers errors `{error}` with the upstream status, like every BFF route.

export async function streamReceipt({ api, req, params }: BffContext<undefined>): Promise<Response> {
  const upstream = await downloadReceipt(api, params.id!, params.receiptId, req.signal);
  const contentType = upstream.headers.get("content-type") ?? "application/octet-stream";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const inline = req.nextUrl.searchParams.get("download") !== "1" && INLINE_CONTENT_TYPES.has(mediaType);
  const headers = new Headers({
    "content-type": contentType,
    "content-disposition": dispositionFor(upstream.headers.get("content-disposition"), inline),
  });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("content-length", length);
  const requestId = upstream.headers.get("x-request-id");
  if (requestId) headers.set("x-request-id", requestId);
  if (inline && mediaType.startsWith("image/"))
    headers.set("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  return new Response(upstream.body, { status: 200, headers });
}
