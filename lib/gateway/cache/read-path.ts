import "server-only";
import { bearerToken, resolveToken } from "../auth/principal";
import { sha256 } from "../crypto";
import type { GatewayContext, GatewayDeps, Principal } from "../context";
import type { RouteAuth } from "../route";
import { AUTH_KEY, companyKey, getVersionTracker, GLOBAL_KEY, readyVersionTracker, versionStamp, type VersionKey } from "./versions";
import { remember } from "@/lib/recency";

// The API's read path from memory (docs/decisions/api-token-cache.md, api-read-path-cache.md):
// bearer tokens resolved from a cache (sha256 of the token → principal), and GET 200 JSON answers of
// company-scoped routes from a cache keyed by company, the principal's visibility and the URL.
// Both are checked against the versions of the data they came from (./versions.ts) on every use.

/**
 * Routes whose answers are never cached: they read tables the version triggers skip (the webhook
 * pipeline writes a row per delivery attempt; migration 0008 lists them): the provider's event log
 * and Roster's delivery inspector.
 */
export const UNCACHED_ROUTE_PREFIXES: readonly string[] = ["/v1/webhook-events", "/v1/webhook-deliveries"];

export const isCacheableRoute = (path: string) => !UNCACHED_ROUTE_PREFIXES.some((p) => path.startsWith(p));

const TOKEN_CACHE_MAX = 10_000;
const RESPONSE_CACHE_MAX = 2_000;
const RESPONSE_MAX_BYTES = 256 * 1024;
/** Answers may depend on the clock (today's balance…): an entry lives at most this long by deps.clock. */
export const RESPONSE_TTL_MS = 1_000;
/**
 * Past the time to live, while one request refreshes an answer through the full stack, the hot path
 * (./hot-read.ts) serves the others the entry for at most this much longer, provided it is still at
 * the current versions (no write since): the time to live bounds only clock-dependent drift, and
 * without this every connection's request missed at once each second (a full-stack stampede).
 */
export const RESPONSE_REFRESH_GRACE_MS = 500;

export interface TokenEntry {
  principal: Principal;
  expiresAt: number | null;
  /** AUTH_KEY version when the token was read. */
  auth: number;
}

export interface ResponseEntry {
  stamp: string;
  /** The route's auth rule and the request path, as the full stack saw them (./hot-read.ts checks and logs with them). */
  auth: RouteAuth;
  path: string;
  at: number;
  body: string;
  /** The body encoded once (UTF-8), as node:http sends it. */
  bytes: Buffer;
  headers: Record<string, string>;
  /** The header list ./hot-read.ts writes, built on its first use of the entry. */
  wire?: unknown;
  /** When (deps.clock ms) ./hot-read.ts sent one request past the time to live to the full stack to refresh it. */
  refreshing?: number;
}

export interface ReadCaches {
  tokens: Map<string, TokenEntry> | null;
  responses: Map<string, ResponseEntry> | null;
}

const cachesOf = new WeakMap<GatewayDeps, ReadCaches>();

/**
 * Answers whose body this layer holds as a string: over node:http, app.ts writes them straight to the
 * socket instead of letting the adapter read a web Response stream back (the API shares its process
 * with Next.js, so the adapter cannot use its own light Response: lib/gateway/node-server.ts).
 */
export const stringBodies = new WeakMap<Response, string | Buffer>();
const visibilityOf = new WeakMap<Principal, string>();

export function readCaches(deps: GatewayDeps): ReadCaches {
  let caches = cachesOf.get(deps);
  if (!caches) {
    caches = {
      tokens: deps.readCache?.tokens === false ? null : new Map(),
      responses: deps.readCache?.responses === false ? null : new Map(),
    };
    cachesOf.set(deps, caches);
  }
  return caches;
}

export interface Authenticated {
  principal: Principal | null;
  /** Versions read for this request and the keys read (AUTH, GLOBAL and the company when known then). */
  versions?: ReadonlyMap<VersionKey, number>;
  keys?: readonly VersionKey[];
}

/** Resolves the Authorization header: from memory when the token and the auth data are unchanged. */
export async function authenticate(deps: GatewayDeps, authorization: string | undefined): Promise<Authenticated> {
  const token = bearerToken(authorization);
  if (!token) return { principal: null };
  const { tokens } = readCaches(deps);
  if (!tokens) return { principal: (await resolveToken(deps, token))?.principal ?? null };
  const hash = sha256(token);
  const cached = tokens.get(hash);
  const keys = cached?.principal.companyId ? [AUTH_KEY, GLOBAL_KEY, companyKey(cached.principal.companyId)] : [AUTH_KEY, GLOBAL_KEY];
  const tracker = readyVersionTracker(deps.db) ?? (await getVersionTracker(deps.db));
  const read = tracker.read(keys);
  const versions = read instanceof Map ? read : await read;
  const auth = versions.get(AUTH_KEY) ?? 0;
  if (cached && cached.auth === auth) {
    if (cached.expiresAt !== null && cached.expiresAt <= deps.clock.now().getTime()) {
      tokens.delete(hash);
      return { principal: null };
    }
    return { principal: cached.principal, versions, keys };
  }
  // Read after the versions: a write that lands in between makes the next use a miss.
  const resolved = await resolveToken(deps, token, hash);
  if (!resolved) {
    tokens.delete(hash);
    return { principal: null };
  }
  remember(tokens, hash, { principal: resolved.principal, expiresAt: resolved.expiresAt?.getTime() ?? null, auth }, TOKEN_CACHE_MAX);
  return { principal: resolved.principal };
}

/** The principal's part of an answer's cache key: everything an answer of a company's data may depend on. */
export function visibility(p: Principal): string {
  let v = visibilityOf.get(p);
  if (v === undefined) {
    v = [p.companyId, p.kind, p.userId, p.clientId, p.grantId, p.role, [...p.scopes].sort().join(" ")].join("|");
    visibilityOf.set(p, v);
  }
  return v;
}

export interface ResponseLookup {
  key: string;
  stamp: string;
  auth: RouteAuth;
  hit?: ResponseEntry;
}

/** The cached answer of a company-scoped GET, or what to store it under. Null: not cacheable. */
export async function lookupResponse(
  deps: GatewayDeps,
  principal: Principal,
  url: string,
  read: Pick<Authenticated, "versions" | "keys">,
  auth: RouteAuth,
): Promise<ResponseLookup | null> {
  const { responses } = readCaches(deps);
  if (!responses || !principal.companyId) return null;
  const keys = [GLOBAL_KEY, companyKey(principal.companyId)];
  const known =
    read.versions && keys.every((k) => read.keys?.includes(k)) ? read.versions : await (await getVersionTracker(deps.db)).read(keys);
  const stamp = versionStamp(known, keys);
  const key = `${visibility(principal)}\n${url}`;
  const entry = responses.get(key);
  if (entry && entry.stamp === stamp) {
    const age = deps.clock.now().getTime() - entry.at;
    if (age >= 0 && age < RESPONSE_TTL_MS) return { key, stamp, auth, hit: entry };
  }
  return { key, stamp, auth };
}

/**
 * Over node:http a GET answer is written by app.ts from the string: the Response then carries no body
 * (a web body stream per answer was a fifth of the hot path). In process (`app.request`) it does.
 */
function respond(c: GatewayContext, body: string, headers: Record<string, string>, bytes?: Buffer): Response {
  const direct = c.req.method === "GET" && (c.env as { outgoing?: unknown } | undefined)?.outgoing !== undefined;
  // c.body adds the headers set on the context for this request (x-ratelimit-*).
  const res = direct ? c.body(null, 200, headers) : c.body(body, 200, headers);
  if (direct) stringBodies.set(res, bytes ?? body);
  return res;
}

/** Keeps a 200 JSON answer; returns the response to send (its body is read here). */
export async function storeResponse(c: GatewayContext, lookup: ResponseLookup, res: Response): Promise<Response> {
  const deps = c.get("deps");
  const { responses } = readCaches(deps);
  const type = res.headers.get("content-type") ?? "";
  if (!responses || res.status !== 200 || !type.startsWith("application/json")) return res;
  const body = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!name.startsWith("x-ratelimit-")) headers[name] = value;
  });
  if (body.length <= RESPONSE_MAX_BYTES) {
    remember(
      responses,
      lookup.key,
      {
        stamp: lookup.stamp,
        auth: lookup.auth,
        path: c.req.path,
        at: deps.clock.now().getTime(),
        body,
        bytes: Buffer.from(body, "utf8"),
        headers,
      },
      RESPONSE_CACHE_MAX,
    );
  }
  return respond(c, body, headers);
}

/** The answer of a cache hit, with the rate-limit headers set on the context for this request. */
export function cachedResponse(c: GatewayContext, hit: ResponseEntry): Response {
  return respond(c, hit.body, hit.headers, hit.bytes);
}
