import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { ZodType } from "zod";
import type { ApiClient } from "./api-client";
import { ApiRequestError, type ApiErrorPayload } from "./api-errors";
import { BFF_HEADER } from "./bff-client";
import type { ConsoleSession } from "./session-types";
import { getRequestApi } from "./session";

// The backend-for-frontend: each handler under app/api/bff/ is one allowed operation (an
// allow-list, never an open proxy). It runs with the session's token, server-side only, and answers
// `{data}` or `{error: ApiErrorPayload}` with the upstream status, so nothing is swallowed.

export interface BffContext<B> {
  api: ApiClient;
  session: ConsoleSession;
  req: NextRequest;
  params: Record<string, string>;
  body: B;
}

const errorResponse = (payload: ApiErrorPayload) => NextResponse.json({ error: payload }, { status: payload.status || 502 });

export function bffHandler<B = undefined, T = unknown>(
  fn: (ctx: BffContext<B>) => Promise<T>,
  options: { body?: ZodType<B>; status?: number } = {},
) {
  return async (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => {
    // Mutations need the custom header (a cross-site form cannot set it) and a same-origin Origin.
    if (req.method !== "GET") {
      const origin = req.headers.get("origin");
      if (req.headers.get(BFF_HEADER) !== "1" || (origin && new URL(origin).host !== req.headers.get("host"))) {
        return errorResponse({ kind: "forbidden", status: 403, message: "Cross-site request refused", requestId: null });
      }
    }
    let server: Awaited<ReturnType<typeof getRequestApi>>;
    try {
      server = await getRequestApi(req);
    } catch (error) {
      // The session layer says why (no connection for this environment, consent withdrawn…).
      if (error instanceof ApiRequestError) return errorResponse(error.payload);
      throw error;
    }
    let body = undefined as B;
    if (options.body) {
      const parsed = options.body.safeParse(await req.json().catch(() => undefined));
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const i of parsed.error.issues) (fieldErrors[i.path.join(".") || "body"] ??= []).push(i.message);
        return errorResponse({ kind: "validation", status: 422, message: "Invalid input", requestId: null, fieldErrors });
      }
      body = parsed.data;
    }
    try {
      const data = await fn({ ...server, req, params: await ctx.params, body });
      return NextResponse.json({ data }, { status: options.status ?? 200, headers: { "cache-control": "no-store" } });
    } catch (error) {
      if (error instanceof ApiRequestError) return errorResponse(error.payload);
      throw error;
    }
  };
}
