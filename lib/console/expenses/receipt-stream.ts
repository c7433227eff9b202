import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { getRequestApi } from "@/lib/console/session";
import { downloadReceipt } from "./api";
import { dispositionFor, INLINE_CONTENT_TYPES } from "./receipts";

// The BFF's receipt download: the API's bytes streamed through with the API's content type (never
// buffered, never sniffed). Images and PDFs may be shown inline (previews); anything else, and any
// request with ?download=1, is an attachment. Errors answer `{error}` with the upstream status, like
// every BFF route, so the page can show the API's message and request id.

const errorResponse = (payload: ApiErrorPayload) => NextResponse.json({ error: payload }, { status: payload.status || 502 });

export async function streamReceipt(req: NextRequest, params: Promise<{ id: string; receiptId?: string }>): Promise<Response> {
  const { id, receiptId } = await params;
  let upstream: Response;
  try {
    const { api, session } = await getRequestApi(req);
    assertSameScope(req, session);
    upstream = await downloadReceipt(api, id, receiptId, req.signal);
  } catch (error) {
    if (error instanceof ApiRequestError) return errorResponse(error.payload);
    throw error;
  }
  const contentType = upstream.headers.get("content-type") ?? "application/octet-stream";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const inline = req.nextUrl.searchParams.get("download") !== "1" && INLINE_CONTENT_TYPES.has(mediaType);
  const headers = new Headers({
    "content-type": contentType,
    "content-disposition": dispositionFor(upstream.headers.get("content-disposition"), inline),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("content-length", length);
  const requestId = upstream.headers.get("x-request-id");
  if (requestId) headers.set("x-request-id", requestId);
  if (inline && mediaType.startsWith("image/"))
    headers.set("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  return new Response(upstream.body, { status: 200, headers });
}
