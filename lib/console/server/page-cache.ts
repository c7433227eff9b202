import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

// The console's page cache (docs/decisions/console-page-cache.md): a page rendered for one browser
// session is answered again, byte for byte, to the same session asking the same thing, while nothing
// it was rendered from can have changed:
//   - the same request: method, URL and every header but those listed in IGNORED_HEADERS (so the
//     session's cookies, the encodings accepted, the user agent, the host: a different session or
//     any other difference is another entry);
//   - no write since its rendering: the process's write epoch (lib/db-kit/write-epoch.ts) has not
//     moved, which holds only while this process is the one writer of every database it reads;
//   - younger than `ttlMs`: what a page shows of the clock ("3 minutes ago", today's date) moves
//     by at most that much;
//   - rendered whole and clean: 200, HTML, no cookie set, no answer of the API that was not a success
//     while rendering (`skipPageCache`), the response sent to its end.
// Only GET requests for a document of the listed paths are taken; a request that asks for a fresh
// answer (`Cache-Control: no-cache`, a browser's hard reload) is rendered, and its rendering kept.
//
// The server's request listener is wrapped by scripts/start.mjs, which asks for the cache installed
// under a global symbol (installPageCache); the rendering runs inside an AsyncLocalStorage context,
// so code deep in a render can keep it out of the cache.

/** Headers a rendering does not read: their value is not part of the key. */
const IGNORED_HEADERS = new Set([
  "connection",
  "keep-alive",
  "cache-control",
  "pragma",
  "priority",
  "upgrade-insecure-requests",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-user",
  "sec-fetch-dest",
  "if-none-match",
  "if-modified-since",
  "dnt",
  "te",
]);

/** Requests Next answers with something else than a document (RSC payloads, prefetches, actions). */
const NOT_A_DOCUMENT = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "range"];

/** Answer headers not stored: the connection's own, and those node:http writes for each answer. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

/** The header that says whether an answer came from the cache (`hit`) or was rendered (`miss`, `bypass`). */
export const PAGE_CACHE_HEADER = "x-roster-page-cache";

export interface PageCacheOptions {
  /** Pathnames whose documents may be kept (their renderings' inputs are audited in the decision record). */
  paths: readonly RegExp[];
  /** How long a rendering is answered again at most. */
  ttlMs: number;
  /** The bytes of every kept answer together, at most (the least recently used go first). */
  maxBytes: number;
  /** One answer larger than this is not kept. */
  maxEntryBytes?: number;
  /** The process's write epoch; null while some write cannot be seen (nothing is kept or answered then). */
  epoch: () => number | null;
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  /** Renderings not kept, by reason. */
  skipped: Record<string, number>;
  entries: number;
  bytes: number;
}

interface Entry {
  epoch: number;
  at: number;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface PageCache {
  /** Answers from the cache, or renders with `listener` (keeping the rendering when it may). */
  serve(req: IncomingMessage, res: ServerResponse, listener: Listener): unknown;
  stats(): PageCacheStats;
  clear(): void;
}

interface RenderContext {
  skip: string | null;
}

const CONTEXT = Symbol.for("roster.console.pageCacheContext");
const renderContext: AsyncLocalStorage<RenderContext> = ((globalThis as unknown as Record<symbol, AsyncLocalStorage<RenderContext>>)[
  CONTEXT
] ??= new AsyncLocalStorage<RenderContext>());

/** Keeps the page being rendered (if any) out of the cache: it shows something that may not last. */
export function skipPageCache(reason: string): void {
  const context = renderContext.getStore();
  if (context && context.skip === null) context.skip = reason;
}

/** A fetch whose failures (an answer that is not a success, or no answer) keep the page being rendered out of the cache. */
export function fetchSkippingPageCacheOnFailure(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      skipPageCache("api-failure");
      throw error;
    }
    if (!response.ok) skipPageCache(`api-${response.status}`);
    return response;
  };
}

function keyOf(req: IncomingMessage): string {
  const hash = createHash("sha256");
  hash.update(`${req.method ?? ""} ${req.url ?? ""}\n`);
  for (const name of Object.keys(req.headers).sort()) {
    if (IGNORED_HEADERS.has(name)) continue;
    const value = req.headers[name];
    hash.update(`${name}:${Array.isArray(value) ? value.join("\u0000") : (value ?? "")}\n`);
  }
  // The key holds no cookie: only its digest is kept.
  return hash.digest("base64url");
}

function decodedPath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function wantsFresh(req: IncomingMessage): boolean {
  const cacheControl = req.headers["cache-control"];
  return (typeof cacheControl === "string" && /(?:^|,)\s*no-(?:cache|store)\b/i.test(cacheControl)) || req.headers.pragma === "no-cache";
}

function headersOf(args: unknown[], res: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...res.getHeaders() };
  const explicit = args.find((a) => typeof a === "object" && a !== null);
  if (Array.isArray(explicit)) {
    // A flat list of raw headers: [name, value, name, value…].
    for (let i = 0; i + 1 < explicit.length; i += 2) headers[String(explicit[i]).toLowerCase()] = explicit[i + 1] as string;
  } else if (explicit) {
    for (const [name, value] of Object.entries(explicit as OutgoingHttpHeaders)) headers[name.toLowerCase()] = value;
  }
  for (const name of HOP_HEADERS) delete headers[name];
  return headers;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const maxEntryBytes = options.maxEntryBytes ?? Math.max(1, Math.floor(options.maxBytes / 8));
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const counts = { hits: 0, misses: 0, stored: 0 };
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => void (skipped[reason] = (skipped[reason] ?? 0) + 1);

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };

  const store = (key: string, entry: Entry) => {
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const [oldKey, old] of entries) {
      if (bytes <= options.maxBytes) break;
      remove(oldKey, old);
    }
    counts.stored += 1;
  };

  const cacheable = (req: IncomingMessage): boolean => {
    if (req.method !== "GET") return false;
    const url = req.url ?? "";
    if (!url.startsWith("/")) return false;
    const query = url.indexOf("?");
    const pathname = decodedPath(query === -1 ? url : url.slice(0, query));
    // Matched as Next routes it (decoded: `/employments/%6Eew` is /employments/new).
    if (pathname === null || !options.paths.some((p) => p.test(pathname))) return false;
    // Nothing private to keep without a session; and Next's own requests are not documents.
    if (!req.headers.cookie) return false;
    return !NOT_A_DOCUMENT.some((name) => req.headers[name] !== undefined);
  };

  const render = (key: string, req: IncomingMessage, res: ServerResponse, listener: Listener, marker: string, epoch: number) => {
    const context: RenderContext = { skip: null };
    const chunks: Buffer[] = [];
    let size = 0;
    let status = 0;
    let headers: OutgoingHttpHeaders | null = null;
    let tooLarge = false;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxEntryBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      status = args[0] as number;
      headers = headersOf(args, this);
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse["write"];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse["end"];
    res.setHeader(PAGE_CACHE_HEADER, marker);
    /** Why the rendering is not kept (null: it is). */
    const unkept = (): string | null => {
      if (context.skip) return context.skip;
      if (status !== 200) return "status";
      if (!headers) return "no-headers";
      if (headers["set-cookie"] !== undefined) return "set-cookie";
      if (!String(headers["content-type"] ?? "").startsWith("text/html")) return "content-type";
      if (tooLarge) return "too-large";
      return options.epoch() !== epoch ? "written-meanwhile" : null;
    };
    res.once("finish", () => {
      const reason = unkept();
      if (reason) return skip(reason);
      const kept = { ...headers! };
      delete kept[PAGE_CACHE_HEADER];
      store(key, { epoch, at: now(), status, headers: kept, body: Buffer.concat(chunks, size) });
    });
    return renderContext.run(context, () => listener(req, res));
  };

  return {
    serve(req, res, listener) {
      if (!cacheable(req)) return listener(req, res);
      const epoch = options.epoch();
      if (epoch === null) return listener(req, res);
      const key = keyOf(req);
      if (wantsFresh(req)) {
        counts.misses += 1;
        return render(key, req, res, listener, "bypass", epoch);
      }
      const entry = entries.get(key);
      if (entry) {
        if (entry.epoch === epoch && now() - entry.at < options.ttlMs) {
          counts.hits += 1;
          // The most recently used last: eviction takes the first.
          entries.delete(key);
          entries.set(key, entry);
          res.writeHead(entry.status, { ...entry.headers, "content-length": entry.body.length, [PAGE_CACHE_HEADER]: "hit" });
          res.end(entry.body);
          return;
        }
        remove(key, entry);
      }
      counts.misses += 1;
      return render(key, req, res, listener, "miss", epoch);
    },
    stats: () => ({ ...counts, skipped: { ...skipped }, entries: entries.size, bytes }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

const INSTALLED = Symbol.for("roster.console.pageCache");

/** The cache the server's listener asks (scripts/start.mjs), or undefined when none is installed. */
export function installedPageCache(): PageCache | undefined {
  return (globalThis as unknown as Record<symbol, PageCache | undefined>)[INSTALLED];
}

/** Installs `cache` for the server's listener (undefined removes it). */
export function installPageCache(cache: PageCache | undefined): void {
  (globalThis as unknown as Record<symbol, PageCache | undefined>)[INSTALLED] = cache;
}
