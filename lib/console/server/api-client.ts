import "server-only";
import { type z } from "zod";
import type { Environment } from "@/lib/contract";
import { ApiRequestError, toApiErrorPayload } from "../api-errors";
import { AbsentResourceError } from "../api-read";

// The console's typed client of the Employment API: HTTP + bearer, exactly as against the real
// provider. Responses are parsed with the shared contract; errors become ApiRequestError. The
// operations are free functions over it, one module per area: lib/console/server/<area>/api.ts.

export interface ApiClientOptions {
  baseUrl: string;
  environment: Environment;
  /** The company the token acts for, when it acts for one: the provider requires it on the departments calls. */
  companyId?: string;
  /** Returns a valid access token (refreshing it if needed). */
  getToken: () => Promise<string>;
  /** Called once on a 401 so the token can be refreshed; returns a new token or null. */
  onUnauthorized?: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Longest wait honoured for one Retry-After (seconds). */
  maxRetryAfterSeconds?: number;
  /** Waits (tests inject a fake). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Called once per request with its final answer (after the 401 and 429 retries; status 0 when the
   * API could not be reached), and awaited before the caller sees the result: audit, grant health.
   */
  onResponse?: (info: { method: string; path: string; status: number; requestId: string | null }) => void | Promise<void>;
  /**
   * Called after a successful write (any method but GET) with its parsed answer, and awaited before the
   * caller sees it: the read model takes the API's answer at once (readmodel/write-through.ts).
   */
  afterWrite?: (info: { method: string; path: string; answer: unknown }, api: ApiClient) => Promise<void>;
}

export type RequestOptions = { query?: Record<string, string | number | undefined | null>; body?: unknown; signal?: AbortSignal };

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxWait = options.maxRetryAfterSeconds ?? 10;

  async function raw(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    const url = new URL(path, options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
    let token = await options.getToken();
    let retriedAuth = false;
    let retriedLimit = false;
    for (;;) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: opts.signal,
          cache: "no-store",
        });
      } catch (error) {
        // A refusal by the fetch itself (the shared request budget: readmodel/interactive.ts, the sync's
        // BehindError) is not a network failure: it reaches the caller as it is.
        if (error instanceof ApiRequestError || (error instanceof Error && error.name === "BehindError")) throw error;
        await options.onResponse?.({ method, path, status: 0, requestId: null });
        throw new ApiRequestError({ kind: "network", status: 0, message: (error as Error).message, requestId: null });
      }
      const requestId = res.headers.get("x-request-id");
      if (res.status === 401 && !retriedAuth && options.onUnauthorized) {
        retriedAuth = true;
        const next = await options.onUnauthorized().catch(async (error: unknown) => {
          // The token could not be replaced (consent withdrawn…): the refused call is still the answer.
          await options.onResponse?.({ method, path, status: res.status, requestId });
          throw error;
        });
        if (next) {
          token = next;
          continue;
        }
      }
      if (res.status === 429 && !retriedLimit) {
        // Wait for Retry-After once; a second 429 reaches the user with a clear message.
        retriedLimit = true;
        const wait = Number(res.headers.get("retry-after") ?? "1");
        if (Number.isFinite(wait) && wait <= maxWait) {
          await res.body?.cancel();
          await sleep(Math.max(0, wait) * 1000);
          continue;
        }
      }
      await options.onResponse?.({ method, path, status: res.status, requestId });
      if (!res.ok) {
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* a non-JSON error body is kept as text */
        }
        const retryAfter = res.headers.get("retry-after");
        throw new ApiRequestError(toApiErrorPayload(res.status, body, requestId, retryAfter ? Number(retryAfter) : undefined));
      }
      return res;
    }
  }

  async function json<T>(schema: z.ZodType<T>, method: string, path: string, opts?: RequestOptions): Promise<T> {
    const res = await raw(method, path, opts);
    const body: unknown = await res.json();
    let parsed: z.ZodSafeParseResult<T>;
    try {
      parsed = schema.safeParse(body);
    } catch (error) {
      // A read schema (./api-read) found no resource in a show's answer: the page's not-found state.
      if (!(error instanceof AbsentResourceError)) throw error;
      throw new ApiRequestError({
        kind: "not_found",
        status: 404,
        message: `${error.message} (${method} ${path} answered ${res.status})`,
        requestId: res.headers.get("x-request-id"),
        body: { absent: error.resource },
      });
    }
    if (!parsed.success) {
      throw new ApiRequestError({
        kind: "server",
        status: res.status,
        message: `Unexpected response from ${method} ${path}: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
        requestId: res.headers.get("x-request-id"),
      });
    }
    if (method !== "GET" && options.afterWrite) await options.afterWrite({ method, path, answer: parsed.data }, client);
    return parsed.data;
  }

  // Transport only: the endpoints are free functions of lib/console/server/<area>/api.ts taking this client
  // (`listEmployments(api, q)`), one style for every area (docs/decisions/console-api-client-style.md).
  const client = {
    environment: options.environment,
    /** The company the token acts for, when it acts for one (sent where the provider requires it). */
    companyId: options.companyId,
    raw,
    json,
  };
  return client;
}

/** Fetches every page of a paginated list (at most maxPages). */
export async function fetchAllPages<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; totalPages: number }>,
  maxPages = 20,
): Promise<T[]> {
  const first = await fetchPage(1);
  const rest = await Promise.all(Array.from({ length: Math.min(first.totalPages, maxPages) - 1 }, (_, i) => fetchPage(i + 2)));
  return [...first.items, ...rest.flatMap((r) => r.items)];
}
