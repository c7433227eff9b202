import { ApiRequestError, type ApiErrorPayload } from "./api-errors";

// Browser side of the BFF: same-origin JSON calls to /api/bff/*, errors rebuilt as ApiRequestError.

export const BFF_HEADER = "x-roster-bff";

export async function bffFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path.startsWith("/") ? path : `/api/bff/${path}`, {
      method: init.method ?? "GET",
      headers: { [BFF_HEADER]: "1", ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    throw new ApiRequestError({ kind: "network", status: 0, message: (error as Error).message, requestId: null });
  }
  const body = (await res.json().catch(() => null)) as { data?: T; error?: ApiErrorPayload } | null;
  if (!res.ok || !body || body.error) {
    throw new ApiRequestError(
      body?.error ?? {
        kind: res.status >= 500 ? "server" : "bad_request",
        status: res.status,
        message: `Request failed (HTTP ${res.status})`,
        requestId: null,
      },
    );
  }
  return body.data as T;
}
