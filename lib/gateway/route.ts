import "server-only";
import type { IncomingMessage } from "node:http";
import type { Hono } from "hono";
import { type z } from "zod";
import { MANAGER_ROLES } from "@/lib/contract";
import {
  authenticate,
  cachedResponse,
  isCacheableRoute,
  lookupResponse,
  storeResponse,
  type Authenticated,
  type ResponseLookup,
} from "./cache/read-path";
import type { GatewayContext, GatewayEnv, Principal } from "./context";
import { ApiError, badRequest, fieldErrors, forbidden, notFound, tooManyRequests, unauthorized, unsupportedMediaType } from "./errors";
import { withIdempotency } from "./idempotency";
import { exceedsJsonDepth, findIllFormedString, MAX_JSON_DEPTH } from "./input-hygiene";
import type { Bucket, RateLimitDecision } from "./rate-limit";

// One declaration per endpoint: it mounts the route with the shared middleware stack
// (bearer, rate limit, scopes and roles, input validation) and feeds the OpenAPI document.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type RouteAuth =
  | { kind: "none" }
  /** Any valid token of this environment. */
  | { kind: "any" }
  | {
      kind: "scoped";
      /** The token needs at least one of these scopes. */
      scopes: readonly string[];
      /** The token must act for a company (client-credentials tokens answer 403). */
      company?: boolean;
      /** The token's user must hold a role that can write (owner, admin, people_manager). */
      write?: boolean;
      /** Only a client-credentials token may call it. */
      clientOnly?: boolean;
    };

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export interface RouteInput<Q, B> {
  query: Q;
  body: B;
  params: Record<string, string>;
  principal: Principal;
}

export interface RouteDefinition<Q = unknown, B = unknown> {
  method: HttpMethod | HttpMethod[];
  /** OpenAPI-style path: /v1/employments/{employment_id}. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  /** Answers 404 on production (DECISIONS.md "Sandbox-only routes"). */
  sandboxOnly?: boolean;
  query?: z.ZodType<Q, unknown>;
  body?: z.ZodType<B, unknown>;
  /** Body media type when not JSON (e.g. application/x-www-form-urlencoded). */
  bodyContentType?: string;
  /** Skip this stack's body handling (the handler reads the raw request itself). */
  rawBody?: boolean;
  responses: Record<number, ResponseSpec>;
  handler: (c: GatewayContext, input: RouteInput<Q, B>) => Response | Promise<Response>;
}

export function defineRoute<Q = undefined, B = undefined>(def: RouteDefinition<Q, B>): RouteDefinition<Q, B> {
  return def;
}

export type AnyRoute = RouteDefinition<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const toHonoPath = (path: string) => path.replace(/\{([a-z_]+)\}/g, ":$1");

export function methodsOf(route: AnyRoute): HttpMethod[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** Turns zod issues into the `{errors: {field: [messages]}}` map. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], prefix = ""): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function bucketsOf(p: Principal): Bucket[] {
  const buckets: Bucket[] = [];
  if (p.clientId) buckets.push({ kind: "client", id: p.clientId });
  if (p.companyId) buckets.push({ kind: "company", id: p.companyId });
  return buckets;
}

/** Counts a request against the principal's buckets and sets the three x-ratelimit headers (or throws 429). */
export async function applyRateLimit(c: GatewayContext, buckets: Bucket[]): Promise<void> {
  if (buckets.length === 0) return;
  const decision = takeHandedOffDecision(incomingOf(c) ?? c.req.raw, buckets) ?? (await c.get("deps").rateLimiter.consume(buckets));
  c.header("x-ratelimit-count", String(decision.state.count));
  c.header("x-ratelimit-remaining", String(decision.state.remaining));
  c.header("x-ratelimit-reset", String(decision.state.resetMs));
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}

export function authorize(principal: Principal, auth: RouteAuth): void {
  if (auth.kind !== "scoped") return;
  if (auth.clientOnly && principal.kind !== "client") throw forbidden();
  if (auth.company && !principal.companyId) throw forbidden();
  if (!auth.scopes.some((s) => principal.scopes.has(s))) throw forbidden();
  if (auth.write && principal.kind !== "client" && (!principal.role || !MANAGER_ROLES.includes(principal.role))) throw forbidden();
}

async function readJsonBody(c: GatewayContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  const type = c.req.header("content-type") ?? "";
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) throw unsupportedMediaType("application/json");
  if (exceedsJsonDepth(text)) throw badRequest(`JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body");
  }
}

/** Unknown properties of a strict object are a 400 naming them (spec 4.1 rule 1); other failures are 422. */
export function parseBody<B>(schema: z.ZodType<B, unknown>, raw: unknown): B {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const unknownKeys = result.error.issues.filter((i) => i.code === "unrecognized_keys");
  if (unknownKeys.length > 0) {
    const keys = unknownKeys.flatMap((i) => (i as { keys: string[] }).keys.map((k) => [...i.path.map(String), k].join(".")));
    throw badRequest({ code: "invalid_parameter", message: `Unknown property: ${keys.join(", ")}` });
  }
  if (result.error.issues.some((i) => i.path.length === 0)) {
    throw badRequest(raw === undefined ? "Request body is required" : "Request body must be a JSON object");
  }
  throw fieldErrors(issuesToFieldErrors(result.error.issues));
}

export function parseQuery<Q>(schema: z.ZodType<Q, unknown>, raw: Record<string, string>): Q {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const first = result.error.issues[0]!;
  const param = first.path.map(String).join(".") || "query";
  throw badRequest({ code: "invalid_parameter", message: `${param}: ${first.message}` });
}

/**
 * The one input check (docs/decisions/api-input-hygiene.md): path parameters, query parameters and
 * the body's keys and values hold no NUL and no unpaired surrogate, else 422 on the field.
 */
export function assertWellFormedInput(source: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }): void {
  for (const part of [source.params, source.query, source.body]) {
    if (part === undefined) continue;
    const found = findIllFormedString(part);
    if (found) throw fieldErrors({ [found.path || "body"]: [found.message] });
  }
}

const incomingOf = (c: GatewayContext) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * Rate-limit decisions already taken for a request by the hot read path (cache/hot-read.ts), which
 * counted it, found it refused and handed it to this stack to answer the 429: counted once. Keyed by
 * the node:http IncomingMessage, or by the web Request handed over in-process.
 */
const handedOff = new WeakMap<object, { buckets: string; decision: RateLimitDecision }>();

const bucketsKey = (buckets: readonly Bucket[]) => buckets.map((b) => `${b.kind}:${b.id}`).join(" ");

export function handOffRateLimitDecision(incoming: object, buckets: readonly Bucket[], decision: RateLimitDecision): void {
  handedOff.set(incoming, { buckets: bucketsKey(buckets), decision });
}

function takeHandedOffDecision(incoming: object | undefined, buckets: readonly Bucket[]): RateLimitDecision | undefined {
  const taken = incoming && handedOff.get(incoming);
  if (!taken) return undefined;
  handedOff.delete(incoming);
  // The same buckets (the principal did not change in between), else count as usual.
  return taken.buckets === bucketsKey(buckets) ? taken.decision : undefined;
}

/**
 * The Authorization header. Over node:http it is read from the raw header list (building the web
 * Headers of the request was a measurable part of a cached GET), joined as Headers would join
 * repeated ones.
 */
function authorizationHeader(c: GatewayContext): string | undefined {
  const raw = incomingOf(c)?.rawHeaders;
  return raw ? authorizationFromRawHeaders(raw) : c.req.header("authorization");
}

/** The Authorization value of a node:http raw header list, repeated ones joined as web Headers join them. */
export function authorizationFromRawHeaders(raw: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 13 && name.toLowerCase() === "authorization")
      value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

export function mountRoutes(app: Hono<GatewayEnv>, routes: readonly AnyRoute[]): void {
  for (const route of routes) {
    const cacheable = isCacheableRoute(route.path);
    for (const method of methodsOf(route)) {
      app.on(method.toUpperCase(), toHonoPath(route.path), async (c) => {
        const deps = c.get("deps");
        if (route.sandboxOnly && deps.config.environment !== "sandbox") throw notFound("Route");
        let principal: Principal | undefined;
        let cached: ResponseLookup | null = null;
        if (route.auth.kind !== "none") {
          const auth: Authenticated = await authenticate(deps, authorizationHeader(c));
          principal = auth.principal ?? undefined;
          if (!principal) throw unauthorized();
          c.set("principal", principal);
          await applyRateLimit(c, bucketsOf(principal));
          authorize(principal, route.auth);
          // Hot GETs of a company answer from memory, after auth and both rate limits
          // (docs/decisions/api-read-path-cache.md).
          if (method === "get" && cacheable) {
            cached = await lookupResponse(deps, principal, c.req.url, auth, route.auth);
            if (cached?.hit) return cachedResponse(c, cached.hit);
          }
        }
        const params = c.req.param() as Record<string, string>;
        const rawQuery = c.req.query();
        assertWellFormedInput({ params, query: rawQuery });
        const query: unknown = route.query ? parseQuery(route.query, rawQuery) : undefined;
        let body: unknown;
        let raw: unknown;
        if (route.body && !route.rawBody) {
          raw = route.bodyContentType ? await c.req.parseBody() : await readJsonBody(c);
          assertWellFormedInput({ body: raw });
          body = parseBody(route.body, raw);
        }
        const run = () => route.handler(c, { query, body, params, principal: principal! });
        // Authenticated POSTs honour Idempotency-Key (idempotency.ts).
        if (method === "post" && principal) return withIdempotency(c, principal, raw, run);
        if (cached) return storeResponse(c, cached, await run());
        return run();
      });
    }
  }
}

export { ApiError };
