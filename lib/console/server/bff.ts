import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { ZodType } from "zod";
import { scopeOf } from "@/lib/queries/scope";
import type { ApiClient } from "./api-client";
import { ApiRequestError, type ApiErrorPayload } from "../api-errors";
import { BFF_HEADER } from "../bff-client";
import { SCOPE_CHANGED } from "../errors/present";
import type { ConsoleSession } from "../session-types";
import { getRequestApi } from "./session";

// The backend-for-frontend: each handler under app/api/bff/ is one allowed operation (an
// allow-list, never an open proxy). It runs with the session's token, server-side only, and answers
// `{data}` or `{error: ApiErrorPayload}` with the upstream status, so nothing is swallowed.
//
// Every handler is built here, by `bffHandler` (JSON answers) or `bffStream` (bytes streamed through,
// e.g. a payslip PDF), and both run the same checks before the handler's own code: the cross-site
// check of mutations, the session, and the tab-scope guard (see docs/decisions/console-bff-scope-guard.md).
// The guard is on by default; a handler without a tab scope opts out with `scope: { skip: "<why>" }`.

export interface BffContext<B> {
  api: ApiClient;
  session: ConsoleSession;
  req: NextRequest;
  params: Record<string, string>;
  body: B;
}

/** The tab-scope guard's setting: on unless the handler names why it has no tab scope. */
export type BffScope = "tab" | { skip: string };

export interface BffOptions {
  /** Opt out of the tab-scope guard; the reason is required (and shown in reviews). */
  scope?: { skip: string };
}

/** The mark bffHandler and bffStream put on the handlers they build. */
export const BFF_ROUTE: unique symbol = Symbol.for("roster.console.bffRoute");

export type BffRouteHandler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  readonly [BFF_ROUTE]: BffRouteInfo;
};

/** What a route handler was built with (tests read it to prove every route goes through here). */
export interface BffRouteInfo {
  kind: "json" | "stream";
  scope: BffScope;
}

/** The info of a handler built by bffHandler or bffStream, or null for anything else. */
export function bffRouteInfo(handler: unknown): BffRouteInfo | null {
  if (typeof handler !== "function") return null;
  return (handler as Partial<BffRouteHandler>)[BFF_ROUTE] ?? null;
}

const errorResponse = (payload: ApiErrorPayload) =>
  NextResponse.json({ error: payload }, { status: payload.status || 502, headers: { "cache-control": "no-store" } });

/**
 * Refuses a call made for another environment or company than the session's current one (the console
 * was switched in another tab): the browser would otherwise cache that data under the old scope's key.
 * The scope is the query's `scope_env` and `scope_company` (lib/queries/scope.ts `withScope`); calls
 * without them are let through (they carry no cache key).
 */
function assertSameScope(req: NextRequest, session: ConsoleSession): void {
  const env = req.nextUrl.searchParams.get("scope_env");
  const company = req.nextUrl.searchParams.get("scope_company");
  if (env === null && company === null) return;
  const current = scopeOf(session);
  if (env === current.environment && company === current.companyId) return;
  const label = current.environment === "production" ? "Production" : "Sandbox";
  throw new ApiRequestError({
    kind: "conflict",
    status: 409,
    message: `The console now shows ${label}${current.companyId !== company ? " for another company" : ""} (it was switched in another tab or window). Reload the page to see its data.`,
    requestId: null,
    body: { code: SCOPE_CHANGED },
  });
}

function scopeOption(options: BffOptions): BffScope {
  if (!options.scope) return "tab";
  if (!options.scope.skip.trim()) throw new Error("bffHandler: scope.skip needs the reason the handler has no tab scope");
  return { skip: options.scope.skip };
}

/**
 * What runs before every handler: mutations need the custom header (a cross-site form cannot set it)
 * and a same-origin Origin; then the session's API client; then the tab-scope guard. Answers the
 * refusal as a Response, or the session. Nothing here calls the API.
 */
async function preflight(req: NextRequest, scope: BffScope): Promise<Response | { api: ApiClient; session: ConsoleSession }> {
  if (req.method !== "GET") {
    const origin = req.headers.get("origin");
    if (req.headers.get(BFF_HEADER) !== "1" || (origin && new URL(origin).host !== req.headers.get("host"))) {
      return errorResponse({ kind: "forbidden", status: 403, message: "Cross-site request refused", requestId: null });
    }
  }
  try {
    // The session layer says why it has no client (no connection for this environment, consent withdrawn…).
    const server = await getRequestApi(req);
    if (scope === "tab") assertSameScope(req, server.session);
    return server;
  } catch (error) {
    if (error instanceof ApiRequestError) return errorResponse(error.payload);
    throw error;
  }
}

function tag(handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, info: BffRouteInfo) {
  return Object.assign(handler, { [BFF_ROUTE]: info }) as BffRouteHandler;
}

/** A BFF handler answering JSON: `{data}` with `status` (200 by default), or `{error}`. */
export function bffHandler<B = undefined, T = unknown>(
  fn: (ctx: BffContext<B>) => Promise<T>,
  options: BffOptions & { body?: ZodType<B>; status?: number } = {},
): BffRouteHandler {
  const scope = scopeOption(options);
  return tag(
    async (req, ctx) => {
      const server = await preflight(req, scope);
      if (server instanceof Response) return server;
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
    },
    { kind: "json", scope },
  );
}

/**
 * A BFF handler streaming the API's bytes through (downloads): `fn` answers the Response to send,
 * built on the upstream body (never buffered). The answer is never cached and never sniffed; errors
 * thrown before it answer `{error}` with the upstream status, as in bffHandler.
 */
export function bffStream(fn: (ctx: BffContext<undefined>) => Promise<Response>, options: BffOptions = {}): BffRouteHandler {
  const scope = scopeOption(options);
  return tag(
    async (req, ctx) => {
      const server = await preflight(req, scope);
      if (server instanceof Response) return server;
      let res: Response;
      try {
        res = await fn({ ...server, req, params: await ctx.params, body: undefined });
      } catch (error) {
        if (error instanceof ApiRequestError) return errorResponse(error.payload);
        throw error;
      }
      const headers = new Headers(res.headers);
      headers.set("cache-control", "private, no-store");
      headers.set("x-content-type-options", "nosniff");
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    },
    { kind: "stream", scope },
  );
}
