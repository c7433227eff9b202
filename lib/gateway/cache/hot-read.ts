import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { bearerToken } from "../auth/principal";
import type { GatewayDeps, Principal } from "../context";
import { sha256 } from "../crypto";
import { hasResponseObserver, notifyResponseObserver } from "../response-observer";
import { authorizationFromRawHeaders, authorize, bucketsOf, handOffRateLimitDecision } from "../route";
import type { RateLimitDecision } from "../rate-limit";
import { SECURITY_HEADERS } from "../security-headers";
import { readCaches, RESPONSE_REFRESH_GRACE_MS, RESPONSE_TTL_MS, visibility, type ResponseEntry, type TokenEntry } from "./read-path";
import { AUTH_KEY, companyKey, GLOBAL_KEY, readyVersionTracker, versionStamp, type VersionKey } from "./versions";

// The hot read path (docs/decisions/api-hot-read-fast-path.md): a GET whose bearer token and answer
// are both in this gateway's read caches (./read-path.ts) and current is answered by the node:http
// request listener itself, ahead of Hono, with the bytes and headers the full stack would send. It
// checks what the full stack checks, in the same order and with the same functions (token from the
// cache at the current `auth` version and unexpired, the answer at the current company and global
// versions and within its time to live, the route's scope and role rule, both rate-limit buckets
// counted once by the configured limiter). Anything it cannot decide from memory falls through to the
// full stack untouched; the one request it falls through *after* counting (a rate-limit refusal)
// takes its decision along, so the full stack answers the 429 without counting it again.

export interface HotReadPath {
  /**
   * Answers the request and resolves true, or resolves false having written nothing (the caller
   * then hands the request to the full stack). Synchronous when nothing needs waiting for.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /**
   * The same decision for a web Request handed over in-process (the console's transport to the
   * embedded API, docs/decisions/console-embedded-api-transport.md): the Response the full stack
   * would give, with the same headers, or null (nothing decided; the caller hands the Request to
   * the app's fetch, which answers a rate-limit refusal counted here without counting it again).
   */
  answer(request: Request): Response | null | Promise<Response | null>;
}

/** A request the hot path can answer: its answer and the rate-limit decision that let it through. */
interface Hit {
  entry: ResponseEntry;
  decision: RateLimitDecision;
}

// @hono/node-server uses the request target verbatim as the URL when host and target match these
// (its `buildUrl`); any other request (percent-encoding, dot segments, absolute form, an unusual
// host) takes the full stack, whose URL the cache key was made of.
const VERBATIM_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const VERBATIM_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

const RATE_LIMIT_NAMES = ["x-ratelimit-count", "x-ratelimit-remaining", "x-ratelimit-reset"] as const;
const REQUEST_ID = "x-request-id";
const CONTENT_LENGTH = "content-length";

/**
 * The flat header list of one cached answer in the order app.ts writes a hit: the web Headers of
 * the answer (stored headers and the rate-limit ones, sorted by name as Headers iterates), then the
 * request id, the security headers and content-length. Values change per request only at the
 * indexes kept here; writeHead copies the list synchronously, so one list per entry is reused.
 */
interface Wire {
  list: string[];
  count: number;
  remaining: number;
  reset: number;
  requestId: number;
}

function wireOf(entry: ResponseEntry): Wire {
  if (entry.wire) return entry.wire as Wire;
  // Built exactly as app.ts builds the object it hands to writeHead, with markers for the values.
  const web: Record<string, string> = { ...entry.headers };
  for (const name of RATE_LIMIT_NAMES) web[name] = "";
  const headers: Record<string, string> = {};
  for (const name of Object.keys(web).sort()) headers[name] = web[name]!;
  headers[REQUEST_ID] = "";
  Object.assign(headers, SECURITY_HEADERS);
  headers[CONTENT_LENGTH] = String(entry.bytes.length);
  const list = Object.entries(headers).flat();
  const at = (name: string) => list.indexOf(name) + 1;
  const wire: Wire = {
    list,
    count: at(RATE_LIMIT_NAMES[0]),
    remaining: at(RATE_LIMIT_NAMES[1]),
    reset: at(RATE_LIMIT_NAMES[2]),
    requestId: at(REQUEST_ID),
  };
  entry.wire = wire;
  return wire;
}

/** The version keys a company principal's token and answers are checked against (one array per principal). */
const keysOf = new WeakMap<Principal, { token: VersionKey[]; answer: VersionKey[] }>();
function versionKeys(p: Principal & { companyId: string }) {
  let keys = keysOf.get(p);
  if (!keys) {
    const company = companyKey(p.companyId);
    keys = { token: [AUTH_KEY, GLOBAL_KEY, company], answer: [GLOBAL_KEY, company] };
    keysOf.set(p, keys);
  }
  return keys;
}

/** What the last request on a connection resolved to (see `serve`); one per socket, gone with it. */
interface SeenRequest {
  host: string;
  target: string;
  /** The Authorization value as the request carried it (it stays on this connection only). */
  authorization: string;
  tokenHash: string;
  url: string;
  /** The principal the answer's key was made for, and that key (visibility + URL). */
  principal?: Principal;
  answerKey?: string;
}

export function createHotReadPath(deps: GatewayDeps): HotReadPath {
  const requestsOf = new WeakMap<object, SeenRequest>();
  const caches = readCaches(deps);
  const { tokens, responses } = caches;

  /** Fills the entry's header list for this answer (rate-limit state, request id) and logs it. */
  function fill(hit: Hit, started: number): string[] {
    const { entry, decision } = hit;
    const requestId = randomUUID();
    const wire = wireOf(entry);
    const list = wire.list;
    list[wire.count] = String(decision.state.count);
    list[wire.remaining] = String(decision.state.remaining);
    list[wire.reset] = String(decision.state.resetMs);
    list[wire.requestId] = requestId;
    deps.logger.info({ requestId, method: "GET", path: entry.path, status: 200, ms: Math.round(performance.now() - started) }, "request");
    return list;
  }

  const webResponse = (entry: ResponseEntry, list: readonly string[]) => {
    const headers = new Headers();
    for (let i = 0; i < list.length; i += 2) headers.append(list[i]!, list[i + 1]!);
    return new Response(new Uint8Array(entry.bytes), { status: 200, headers });
  };

  function write(res: ServerResponse, hit: Hit, started: number): boolean {
    const list = fill(hit, started);
    // The test setup's contract observer sees every answer as a web Response (never in production).
    if (hasResponseObserver()) notifyResponseObserver("GET", hit.entry.path, webResponse(hit.entry, list));
    res.writeHead(200, list);
    res.end(hit.entry.bytes);
    return true;
  }

  function respond(hit: Hit, started: number): Response {
    const response = webResponse(hit.entry, fill(hit, started));
    if (hasResponseObserver()) notifyResponseObserver("GET", hit.entry.path, response.clone());
    return response;
  }

  /** `request`: what a rate-limit refusal is handed off with (the IncomingMessage, or the web Request). */
  function decide(
    request: object,
    token: TokenEntry & { principal: { companyId: string } },
    answerKey: string,
    versions: ReadonlyMap<VersionKey, number>,
  ): false | Promise<false | Hit> {
    const principal = token.principal;
    // The token as authenticate() accepts it from memory: same auth version, not expired.
    if ((versions.get(AUTH_KEY) ?? 0) !== token.auth) return false;
    const now = deps.clock.now().getTime();
    if (token.expiresAt !== null && token.expiresAt <= now) return false;
    // The answer as lookupResponse() accepts it.
    const entry = responses!.get(answerKey);
    if (!entry || entry.stamp !== versionStamp(versions, versionKeys(principal).answer)) return false;
    const age = now - entry.at;
    if (age < 0 || age >= RESPONSE_TTL_MS + RESPONSE_REFRESH_GRACE_MS) return false;
    if (age >= RESPONSE_TTL_MS) {
      // Past its time to live: one request (again after the grace, if it stored nothing) refreshes it
      // through the full stack; the others are served this entry, at the current versions, meanwhile.
      const refreshing = entry.refreshing;
      if (refreshing === undefined || refreshing > now || now - refreshing >= RESPONSE_REFRESH_GRACE_MS) {
        entry.refreshing = now;
        return false;
      }
    }
    // The route's rule, by the function the full stack uses (the key's visibility implies it passed
    // when the answer was stored; checked again rather than assumed).
    try {
      authorize(principal, entry.auth);
    } catch {
      return false;
    }
    const buckets = bucketsOf(principal);
    return deps.rateLimiter.consume(buckets).then(
      (decision) => {
        if (!decision.allowed) {
          handOffRateLimitDecision(request, buckets, decision);
          return false;
        }
        return { entry, decision };
      },
      // The limiter failed (e.g. Redis unreachable): the full stack answers as it would.
      () => false,
    );
  }

  /**
   * The cached token of a bearer (a company's), the answer's key and the versions to check both
   * against; null when the full stack must decide. `memo` keeps the principal and its answer key
   * (per connection over node:http).
   */
  function lookup(tokenHash: string, memo: { url: string; principal?: Principal; answerKey?: string }) {
    const token = tokens!.get(tokenHash);
    if (!token?.principal.companyId) return null;
    const tracker = readyVersionTracker(deps.db);
    if (!tracker) return null;
    const known = token as TokenEntry & { principal: { companyId: string } };
    if (memo.principal !== known.principal) {
      memo.principal = known.principal;
      memo.answerKey = `${visibility(known.principal)}\n${memo.url}`;
    }
    return { token: known, answerKey: memo.answerKey!, read: tracker.read(versionKeys(known.principal).token) };
  }

  return {
    serve(req, res) {
      if (req.method !== "GET" || !tokens || !responses || responses.size === 0) return false;
      const started = performance.now();
      const host = req.headers.host;
      const target = req.url;
      const authorization = authorizationFromRawHeaders(req.rawHeaders);
      if (!host || !target || authorization === undefined) return false;
      // A keep-alive connection repeats its request: the checks of the request line and the bearer
      // below, its hash and the answer's URL are kept per connection and reused while host, target
      // and Authorization are the same strings (compared in full; nothing else is trusted from it).
      let seen = requestsOf.get(req.socket);
      if (!seen || seen.host !== host || seen.target !== target || seen.authorization !== authorization) {
        if (!VERBATIM_HOST.test(host) || !VERBATIM_TARGET.test(target) || DOT_SEGMENT.test(target)) return false;
        const bearer = bearerToken(authorization);
        if (!bearer) return false;
        const scheme = (req.socket as TLSSocket).encrypted ? "https" : "http";
        seen = { host, target, authorization, tokenHash: sha256(bearer), url: `${scheme}://${host}${target}` };
        requestsOf.set(req.socket, seen);
      }
      // The token and the answer are looked up on every request (revocation, writes, expiry).
      const found = lookup(seen.tokenHash, seen);
      if (!found) return false;
      const done = (hit: false | Hit) => hit !== false && write(res, hit, started);
      const read = found.read;
      if (read instanceof Map) {
        const hit = decide(req, found.token, found.answerKey, read);
        return hit === false ? false : hit.then(done);
      }
      return (read as Promise<ReadonlyMap<VersionKey, number>>).then(
        (versions) => {
          const hit = decide(req, found.token, found.answerKey, versions);
          return hit === false ? false : hit.then(done);
        },
        () => false,
      );
    },

    answer(request) {
      if (request.method !== "GET" || !tokens || !responses || responses.size === 0) return null;
      const started = performance.now();
      const authorization = request.headers.get("authorization");
      if (authorization === null) return null;
      const bearer = bearerToken(authorization);
      if (!bearer) return null;
      // The URL as the full stack keys its answers in-process (c.req.url is the Request's URL).
      const found = lookup(sha256(bearer), { url: request.url });
      if (!found) return null;
      const done = (hit: false | Hit) => (hit === false ? null : respond(hit, started));
      const read = found.read;
      if (read instanceof Map) {
        const hit = decide(request, found.token, found.answerKey, read);
        return hit === false ? null : hit.then(done);
      }
      return (read as Promise<ReadonlyMap<VersionKey, number>>).then(
        (versions) => {
          const hit = decide(request, found.token, found.answerKey, versions);
          return hit === false ? null : hit.then(done);
        },
        () => null,
      );
    },
  };
}
