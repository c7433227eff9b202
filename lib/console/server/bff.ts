import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { ZodType } from "zod";
import { scopeOf, type QueryScope } from "@/lib/queries/scope";
import type { ApiClient } from "./api-client";
import { ApiRequestError, type ApiErrorPayload } from "../api-errors";
import { BFF_HEADER } from "../bff-client";
import { SCOPE_CHANGED } from "../errors/present";
import type { ConsoleSession } from "../session-types";
import { getAuthDeps, type AuthDeps } from "./auth/deps";
import { operatorSessionOf } from "./partner/routes";
import { getRequestApi } from "./session";

// The backend-for-frontend: each handler under app/api/bff/ is one allowed operation (an
// allow-list, never an open proxy). It runs with the session's token, server-side only, and answers
// `{data}` or `{error: ApiErrorPayload}` with the upstream status, so nothing is swallowed.
//
// Every handler is built here, by `bffHandler` (JSON answers) or `bffStream` (bytes streamed through,
// e.g. a payslip PDF), and both run the same checks before the handler's own code: the cross-site
// check of mutations, the session, and the tab-scope guard (see docs/decisions/console-bff-scope-guard.md).
// The guard is on by default; a handler without a tab scope opts out with `scope: { skip: "<why>" }`.
//
// A handler of the partner's own data (`session: "operator"`: app/api/partner/**, the console's own
// tables read across companies) runs on an operator's session with no company and no API client: the
// same checks, the operator's session in place of the company's client (anyone else: 404, as for every
// partner endpoint), and the tab scope of the partner's pages (`scope_company=partner`).

export interface BffContext<B> {
  api: ApiClient;
  session: ConsoleSession;
  req: NextRequest;
  params: Record<string, string>;
  body: B;
}

/** The tab-scope guard's setting: on unless the handler names why it has no tab scope. */
export type BffScope = "tab" | { skip: string };

/** An operator's session (partner handlers): who signed in to the console itself, acting for no company. */
export type OperatorSession = ConsoleSession & { operatorId: string };

/** What a `session: "operator"` handler gets: the operator's session and the console's dependencies, no API client. */
export interface BffOperatorContext<B> {
  session: OperatorSession;
  deps: AuthDeps;
  req: NextRequest;
  params: Record<string, string>;
  body: B;
}

export interface BffOptions {
  /** Opt out of the tab-scope guard; the reason is required (and shown in reviews). */
  scope?: { skip: string };
}

/** Who a handler acts for: a company session's API client (default), or an operator with no company. */
export type BffSession = "company" | "operator";

/** The mark bffHandler and bffStream put on the handlers they build. */
export const BFF_ROUTE: unique symbol = Symbol.for("roster.console.bffRoute");

export type BffRouteHandler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  readonly [BFF_ROUTE]: BffRouteInfo;
};

/** What a route handler was built with (tests read it to prove every route goes through here). */
export interface BffRouteInfo {
  kind: "json" | "stream";
  scope: BffScope;
  /** Present for the partner's handlers (an operator with no company). */
  session?: "operator";
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
function assertSameScope(req: Request, current: QueryScope): void {
  const params = new URL(req.url).searchParams;
  const env = params.get("scope_env");
  const company = params.get("scope_company");
  if (env === null && company === null) return;
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

const notFound = () => errorResponse({ kind: "not_found", status: 404, message: "Not found", requestId: null });

/**
 * The operator's session of a partner handler, with the tab scope of the partner's pages (the
 * environment, company "partner"). Anyone else's session: null.
 */
async function operatorOf(req: Request): Promise<{ deps: AuthDeps; session: OperatorSession; tab: QueryScope } | null> {
  const deps = await getAuthDeps();
  const session = await operatorSessionOf(deps, req);
  return session ? { deps, session, tab: { environment: session.environment, companyId: "partner" } } : null;
}

/**
 * What runs before every handler: mutations need the custom header (a cross-site form cannot set it)
 * and a same-origin Origin; then the session's API client (or, `session: "operator"`, the operator's
 * session); then the tab-scope guard. Answers the refusal as a Response, or the session. Nothing here
 * calls the API.
 */
async function preflight(
  req: NextRequest,
  scope: BffScope,
  who: "operator",
): Promise<Response | { deps: AuthDeps; session: OperatorSession }>;
async function preflight(
  req: NextRequest,
  scope: BffScope,
  who?: "company",
): Promise<Response | { api: ApiClient; session: ConsoleSession }>;
async function preflight(
  req: NextRequest,
  scope: BffScope,
  who: BffSession = "company",
): Promise<Response | { api: ApiClient; session: ConsoleSession } | { deps: AuthDeps; session: OperatorSession }> {
  if (req.method !== "GET") {
    const origin = req.headers.get("origin");
    if (req.headers.get(BFF_HEADER) !== "1" || (origin && new URL(origin).host !== req.headers.get("host"))) {
      return errorResponse({ kind: "forbidden", status: 403, message: "Cross-site request refused", requestId: null });
    }
  }
  try {
    if (who === "operator") {
      // Anyone but an operator gets 404: the partner's endpoints do not exist for a company admin.
      const operator = await operatorOf(req);
      if (!operator) return notFound();
      if (scope === "tab") assertSameScope(req, operator.tab);
      return { deps: operator.deps, session: operator.session };
    }
    // The session layer says why it has no client (no connection for this environment, consent withdrawn…).
    const server = await getRequestApi(req);
    if (scope === "tab") assertSameScope(req, scopeOf(server.session));
    return server;
  } catch (error) {
    if (error instanceof ApiRequestError) return errorResponse(error.payload);
    throw error;
  }
}

function tag(handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, info: BffRouteInfo) {
  return Object.assign(handler, { [BFF_ROUTE]: info }) as BffRouteHandler;
}

type JsonOptions<B> = BffOptions & { body?: ZodType<B>; status?: number };

/**
 * A BFF handler answering JSON: `{data}` with `status` (200 by default), or `{error}`. With
 * `session: "operator"`, a handler of the partner's own data: an operator's session, no company.
 */
export function bffHandler<B = undefined, T = unknown>(
  fn: (ctx: BffOperatorContext<B>) => Promise<T>,
  options: JsonOptions<B> & { session: "operator" },
): BffRouteHandler;
export function bffHandler<B = undefined, T = unknown>(
  fn: (ctx: BffContext<B>) => Promise<T>,
  options?: JsonOptions<B> & { session?: "company" },
): BffRouteHandler;
export function bffHandler<B, T>(
  fn: ((ctx: BffContext<B>) => Promise<T>) | ((ctx: BffOperatorContext<B>) => Promise<T>),
  options: JsonOptions<B> & { session?: BffSession } = {},
): BffRouteHandler {
  const scope = scopeOption(options);
  const who = options.session ?? "company";
  return tag(
    async (req, ctx) => {
      const server = who === "operator" ? await preflight(req, scope, who) : await preflight(req, scope);
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
        // The overloads pair `fn` with its session kind.
        const data = await (fn as (c: object) => Promise<T>)({ ...server, req, params: await ctx.params, body });
        return NextResponse.json({ data }, { status: options.status ?? 200, headers: { "cache-control": "no-store" } });
      } catch (error) {
        if (error instanceof ApiRequestError) return errorResponse(error.payload);
        throw error;
      }
    },
    who === "operator" ? { kind: "json", scope, session: who } : { kind: "json", scope },
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
